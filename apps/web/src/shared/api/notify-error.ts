import type { RouteEntry, RouteRef } from '@vivier/contract/routes';
import type { en } from '../i18n/en';
import { i18n } from '../i18n/i18n';
import { showToast, type ToastKind } from '../notifications/toast';
import { isApiError } from './api-error';
import { type CallInput, type CallResult, call } from './call';
import { serverErrorMessage } from './error-message';

/**
 * The generic error toast of SPEC section 8: a warning on timeout; the connection text when nothing answered or
 * on 401; else the action's default message with the reason the server's error code gives, in the user's
 * language (error-message.ts). The server's own sentence is never shown: it is English for developers, and
 * SPEC's "error and message joined with ': '" keeps its shape, not its words (issue 7 section 8).
 */
export function notifyError(error: unknown, defaultMessage: string): void {
  console.error(error);
  // A 503 maintenance answer already replaced the screen with the maintenance page (SPEC section 4).
  if (isApiError(error) && error.status === 503 && typeof error.body.breakAt === 'string') return;
  const [message, kind] = genericToast(error, defaultMessage);
  showToast(message, kind);
}

function genericToast(error: unknown, defaultMessage: string): [string, ToastKind] {
  if (!isApiError(error)) return [defaultMessage, 'error'];
  if (error.kind === 'timeout') return [i18n.t('errors.timeout'), 'warning'];
  if (error.kind === 'network' || error.status === 401) return [i18n.t('errors.noResponse'), 'error'];
  return [serverErrorMessage(error, defaultMessage), 'error'];
}

/** Runs an action, toasts its failure with `notifyError`, and rethrows it (SPEC section 8). */
export async function withErrorToast<T>(action: () => Promise<T>, defaultMessage: string): Promise<T> {
  try {
    return await action();
  } catch (error) {
    notifyError(error, defaultMessage);
    throw error;
  }
}

/** A message of the catalogue's `errors` section: the default text of a failed action's toast. */
export type ErrorMessageKey = `errors.${keyof typeof en.errors & string}`;

/**
 * A write of the route table whose failure toasts the action's message: the shape of almost every mutation of
 * the app, written once (docs/decisions/165). Its hook is `useMutation(cacheMutation(write, update))`
 * (query-client.ts).
 */
export const callOrToast = <R extends RouteEntry>(
  route: RouteRef<R>,
  input: CallInput<R>,
  messageKey: ErrorMessageKey,
): Promise<CallResult<R>> =>
  withErrorToast(() => call(route, ...([input] as [CallInput<R>])), i18n.t(messageKey));
