import { config } from '../config';

type SentryClient = typeof import('./sentry-client');

/**
 * Facade over the error-reporting client. Sentry is loaded lazily (it costs ~54 kB, DESIGN section 2) and only
 * when a DSN is configured (SPEC section 9); calls made before it has loaded wait for it, calls without a DSN
 * do nothing.
 */
let client: Promise<SentryClient> | undefined;

export function startErrorReporting(): void {
  const dsn = config.sentryDsn;
  if (!dsn || client) return;
  client = import('./sentry-client').then((sentry) => {
    sentry.initSentry(dsn);
    return sentry;
  });
}

export function reportMessage(message: string): void {
  void client?.then((sentry) => sentry.captureMessage(message));
}

export function reportException(error: unknown): void {
  void client?.then((sentry) => sentry.captureException(error));
}

/** Logout clears the reported user (SPEC section 4); login sets it. */
export function setReportedUser(user: { id: number; email: string } | null): void {
  void client?.then((sentry) => sentry.setUser(user ? { id: String(user.id), email: user.email } : null));
}
