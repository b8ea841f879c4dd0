import type { makeFetchTransport } from '@sentry/react';

type Transport = ReturnType<typeof makeFetchTransport>;
type TransportResponse = Awaited<ReturnType<Transport['send']>>;

/** Statuses after which the reporter stops sending for a while (SPEC section 9). */
const BACKOFF_STATUSES = new Set([400, 401, 429]);
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5 * 60_000;

/**
 * Wraps a Sentry transport so that after a 400, 401 or 429 answer nothing is sent for a delay that doubles on
 * each new refusal (1 s up to 5 min) and resets after an accepted event, as the former raven client did. Events
 * dropped during the pause are not retried.
 */
export function makeBackoffTransport<O>(
  makeTransport: (options: O) => Transport,
  now: () => number = Date.now,
): (options: O) => Transport {
  return (options) => {
    const inner = makeTransport(options);
    let pausedUntil = 0;
    let delay = 0;
    return {
      async send(envelope): Promise<TransportResponse> {
        if (now() < pausedUntil) return {};
        const response = await inner.send(envelope);
        const status = response.statusCode;
        if (status !== undefined && BACKOFF_STATUSES.has(status)) {
          delay = delay === 0 ? FIRST_DELAY_MS : Math.min(delay * 2, MAX_DELAY_MS);
          pausedUntil = now() + delay;
        } else if (status !== undefined && status < 300) {
          delay = 0;
        }
        return response;
      },
      flush: (timeout) => inner.flush(timeout),
    };
  };
}
