/**
 * Server-side error reporting (DESIGN section 2: `@sentry/node`, enabled only when a DSN is configured).
 * Only failures the client did not cause are reported: the 5xx the error handler hides from the caller.
 */
export type ErrorReporter = {
  capture(error: unknown, context: { method: string; url: string }): void;
  flush(): Promise<void>;
};

const off: ErrorReporter = { capture: () => {}, flush: async () => {} };

export async function createErrorReporter(dsn: string | undefined, release: string): Promise<ErrorReporter> {
  if (!dsn) return off;
  // Loaded only with a DSN: the SDK is large and instruments what it loads beside.
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn, release, defaultIntegrations: false, sendDefaultPii: false, tracesSampleRate: 0 });
  return {
    capture: (error, context) => {
      Sentry.captureException(error, { extra: context });
    },
    flush: async () => {
      await Sentry.flush(2000);
    },
  };
}
