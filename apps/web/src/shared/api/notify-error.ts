import { i18n } from '../i18n/i18n';
import { showToast, type ToastKind } from '../notifications/toast';
import { isApiError } from './api-error';
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
