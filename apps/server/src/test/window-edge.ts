/**
 * Waits, when needed, for the next fixed window of a rate limiter (lib/rate-limit.ts counts in windows aligned
 * on the clock: `floor(now / window) * window`), so a test's attempts all fall in one window: across its end the
 * counts start again, and a test of a limit would see its attempts allowed. Waits at most `marginSeconds` + 1.
 */
export async function awayFromWindowEnd(windowSeconds: number, marginSeconds = 30) {
  const into = (Date.now() / 1000) % windowSeconds;
  if (into > windowSeconds - marginSeconds) {
    await new Promise((resolve) => setTimeout(resolve, (windowSeconds - into + 1) * 1000));
  }
}
