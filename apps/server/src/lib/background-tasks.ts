/** Work the server does after it has answered, e.g. sending a mail (issue 7: answer first, then send). */
export type BackgroundTasks = {
  /** Runs `task` once the current answer is on its way; a failure is logged, never thrown. */
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far has ended (tests, and a clean shutdown). */
  settled(): Promise<void>;
};

type Log = { error(obj: object, msg: string): void };

/**
 * What a failure may put in the log: its message and codes, not the whole error (nodemailer's errors carry
 * the recipients, and a log is no place for e-mail addresses).
 */
const summary = (error: unknown) => {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, responseCode, command } = error as Error & {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  return { type: error.name, message: error.message, code, responseCode, command };
};

export function backgroundTasks(log: Log): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ failure: summary(error) }, `${label} failed`),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
