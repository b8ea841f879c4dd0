import type { ErrorCode } from '@vivier/contract';

/**
 * The HTTP status of every error code: the one place a status is chosen (decision 156). Business code throws
 * `AppError(code)`; the error handler, the maintenance gate and load shedding answer with this table's status.
 * The compiler checks that every code of the contract has one.
 */
export const ERROR_STATUS = {
  validation_error: 400,
  bad_request: 400,
  invalid_tag_expression: 400,
  unauthorized: 401,
  invalid_token: 401,
  token_expired: 401,
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  choice_expired: 401,
  email_unconfirmed: 401,
  invalid_state: 401,
  email_not_verified: 401,
  no_account: 401,
  oauth_failed: 401,
  oauth_denied: 401,
  credits_exhausted: 402,
  forbidden: 403,
  missing_scope: 403,
  current_password_required: 403,
  not_found: 404,
  provider_not_configured: 404,
  no_provider_token: 404,
  conflict: 409,
  choose_organisation: 409,
  last_admin: 409,
  too_many_statuses: 409,
  status_in_use: 409,
  duplicate_candidate: 409,
  reset_token_invalid: 410,
  confirm_token_invalid: 410,
  payload_too_large: 413,
  unsupported_file_type: 415,
  invalid_reference: 422,
  rejection_reason_required: 422,
  confirmation_mismatch: 422,
  same_job_offer: 422,
  too_many_recipients: 422,
  no_email_template: 422,
  rate_limited: 429,
  send_limit_reached: 429,
  internal_error: 500,
  provider_error: 502,
  maintenance: 503,
  database_unavailable: 503,
  shutting_down: 503,
  overloaded: 503,
  provider_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** The status an error code answers with. */
export const statusOf = (code: ErrorCode): number => ERROR_STATUS[code];
