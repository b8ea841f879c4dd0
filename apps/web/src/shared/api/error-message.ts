import type { ErrorCode, ValidationDetail, ValidationProblem } from '@vivier/contract';
import { i18n } from '../i18n/i18n';
import type { ApiError } from './api-error';

/**
 * What the app says for each error code of the contract (issue 7 section 8): never the server's English
 * `message`. A message of the SPEC section 8 catalogue stands alone (`whole`); any other is a reason added
 * to the action's own message ('The job offer could not be saved: …').
 */
const MESSAGES: Record<ErrorCode, { key: string; whole?: true }> = {
  validation_error: { key: 'errors.server.invalidData' },
  bad_request: { key: 'errors.server.invalidData' },
  unauthorized: { key: 'errors.server.sessionEnded' },
  invalid_token: { key: 'errors.server.sessionEnded' },
  token_expired: { key: 'errors.server.sessionEnded' },
  invalid_credentials: { key: 'auth.loginFailed', whole: true },
  invalid_refresh_token: { key: 'auth.couldNotRefresh', whole: true },
  reset_token_invalid: { key: 'auth.resetExpired', whole: true },
  current_password_required: { key: 'errors.server.currentPasswordRequired' },
  choose_organisation: { key: 'auth.chooseOrganisation', whole: true },
  choice_expired: { key: 'auth.choiceExpired', whole: true },
  confirm_token_invalid: { key: 'auth.confirmExpired', whole: true },
  email_unconfirmed: { key: 'errors.server.emailUnconfirmed' },
  credits_exhausted: { key: 'errors.creditsExhausted', whole: true },
  forbidden: { key: 'errors.server.forbidden' },
  not_found: { key: 'errors.server.notFound' },
  conflict: { key: 'errors.server.conflict' },
  last_admin: { key: 'errors.server.lastAdmin' },
  too_many_statuses: { key: 'errors.server.tooManyStatuses' },
  status_in_use: { key: 'errors.server.statusInUse' },
  duplicate_candidate: { key: 'errors.server.duplicateCandidate' },
  invalid_tag_expression: { key: 'errors.server.invalidTagExpression' },
  same_job_offer: { key: 'errors.server.sameJobOffer' },
  too_many_recipients: { key: 'errors.server.tooManyRecipients' },
  no_email_template: { key: 'errors.server.noEmailTemplate' },
  invalid_reference: { key: 'errors.server.invalidReference' },
  rejection_reason_required: { key: 'errors.server.rejectionReasonRequired' },
  confirmation_mismatch: { key: 'errors.server.confirmationMismatch' },
  missing_scope: { key: 'errors.server.missingScope' },
  payload_too_large: { key: 'errors.server.tooLarge' },
  unsupported_file_type: { key: 'errors.server.unsupportedFileType' },
  rate_limited: { key: 'errors.server.rateLimited' },
  send_limit_reached: { key: 'errors.server.sendLimitReached' },
  maintenance: { key: 'errors.server.maintenance' },
  database_unavailable: { key: 'errors.server.unavailable' },
  // Only health answers it; were it shown, the server is unavailable for a moment like any other.
  shutting_down: { key: 'errors.server.unavailable' },
  internal_error: { key: 'errors.server.internal' },
  overloaded: { key: 'errors.server.overloaded' },
  provider_not_configured: { key: 'errors.server.providerNotConfigured' },
  provider_unavailable: { key: 'errors.server.providerUnavailable' },
  provider_error: { key: 'errors.server.providerUnavailable' },
  invalid_state: { key: 'errors.server.signInRefused' },
  email_not_verified: { key: 'errors.server.signInRefused' },
  oauth_failed: { key: 'errors.server.signInRefused' },
  oauth_denied: { key: 'errors.server.signInRefused' },
  no_account: { key: 'errors.server.noAccount' },
  no_provider_token: { key: 'errors.server.noProviderToken' },
};

export const ERROR_CODES = Object.keys(MESSAGES) as ErrorCode[];

const isErrorCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && Object.hasOwn(MESSAGES, code);

const PROBLEMS: Record<ValidationProblem, string> = {
  required: 'errors.problems.required',
  empty: 'errors.problems.empty',
  too_short: 'errors.problems.tooShort',
  too_long: 'errors.problems.tooLong',
  too_small: 'errors.problems.tooSmall',
  too_large: 'errors.problems.tooLarge',
  too_common: 'errors.problems.tooCommon',
  invalid: 'errors.problems.invalid',
  unknown: 'errors.problems.unknown',
};

/** The field a detail names, as its label: the last name in its path (`body.job_offer.name` → Name). */
function fieldLabel(path: string): string | undefined {
  const field = path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1);
  const key = `errors.fields.${field}`;
  return field && i18n.exists(key) ? i18n.t(key) : undefined;
}

/** The first rejected field the app can name, worded in the user's language. */
export function validationReason(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details as Partial<ValidationDetail>[]) {
    const field = typeof detail.path === 'string' ? fieldLabel(detail.path) : undefined;
    const problem = detail.problem && Object.hasOwn(PROBLEMS, detail.problem) ? detail.problem : 'invalid';
    if (field) return i18n.t(PROBLEMS[problem], { field, limit: detail.limit });
  }
  return undefined;
}

/**
 * The message for a failed call that the server answered: the action's own message, with the reason the
 * error code (and a validation error's details) gives, in the user's language. An unknown code gets the
 * action's message alone.
 */
export function serverErrorMessage(error: ApiError, action: string): string {
  const code = error.errorCode;
  if (!isErrorCode(code)) return action;
  const { key, whole } = MESSAGES[code];
  if (whole) return i18n.t(key);
  const reason = (code === 'validation_error' && validationReason(error.body.details)) || i18n.t(key);
  return i18n.t('errors.withReason', { action, reason });
}
