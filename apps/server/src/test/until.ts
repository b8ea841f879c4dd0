/**
 * Reads `read()` every 25 ms until `done` says so (at most 5 s), then answers the last value read: for what the
 * app does after answering (a queued mail reaching the SMTP sink). The test's own expectation then says what
 * was wrong when it never came.
 */
export async function until<T>(read: () => T, done: (value: T) => boolean) {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return read();
}
