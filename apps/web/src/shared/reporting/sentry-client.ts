import * as Sentry from '@sentry/react';
import { config } from '../config';
import { makeBackoffTransport } from './backoff-transport';

/** SPEC section 9 limits, mapped onto the SDK in `initSentry` (see docs/decisions/012-error-reporting.md). */
const MAX_BREADCRUMBS = 100;
const STACK_TRACE_LIMIT = 50;
const URL_LENGTH_LIMIT = 250;

const truncate = (url: string): string =>
  url.length > URL_LENGTH_LIMIT ? url.slice(0, URL_LENGTH_LIMIT) : url;

export function initSentry(dsn: string): void {
  // V8 keeps this many frames in every Error's stack; the SDK has no option of its own for it.
  (Error as ErrorConstructor & { stackTraceLimit?: number }).stackTraceLimit = STACK_TRACE_LIMIT;
  Sentry.init({
    dsn,
    release: `vivier-web@${config.version}`,
    environment: config.mode,
    sampleRate: 1,
    maxBreadcrumbs: MAX_BREADCRUMBS,
    maxValueLength: URL_LENGTH_LIMIT,
    transport: makeBackoffTransport(Sentry.makeFetchTransport),
    beforeBreadcrumb(breadcrumb) {
      const url = breadcrumb.data?.url;
      if (typeof url === 'string') breadcrumb.data = { ...breadcrumb.data, url: truncate(url) };
      return breadcrumb;
    },
    beforeSend(event) {
      if (event.request?.url) event.request.url = truncate(event.request.url);
      return event;
    },
  });
}

export const captureMessage = (message: string): void => {
  Sentry.captureMessage(message, 'warning');
};
export const captureException = (error: unknown): void => {
  Sentry.captureException(error);
};
export const setUser = (user: { id: string; email: string } | null): void => {
  Sentry.setUser(user);
};
