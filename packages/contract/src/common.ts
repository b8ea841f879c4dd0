import { z } from 'zod';

/**
 * Every `error` code the API answers (DESIGN section 5). `message` beside it is English for developers and
 * logs; a client shows a message of its own for each code, in the user's language (issue 7 section 8).
 */
export const ErrorCode = z.enum([
  'validation_error',
  'bad_request',
  'unauthorized',
  'invalid_token',
  'token_expired',
  'invalid_credentials',
  'invalid_refresh_token',
  'reset_token_invalid',
  // Accounts (docs/decisions/135-reauthentication.md, 136-accounts-per-licence.md).
  'current_password_required',
  'choose_organisation',
  'choice_expired',
  'confirm_token_invalid',
  'email_unconfirmed',
  'forbidden',
  // An API token without the scope a route needs, or on a route closed to tokens (issue 25, decision 198).
  'missing_scope',
  'not_found',
  'conflict',
  'last_admin',
  'too_many_statuses',
  'status_in_use',
  'duplicate_candidate',
  'invalid_tag_expression',
  'same_job_offer',
  'too_many_recipients',
  'no_email_template',
  'invalid_reference',
  // A move to a status marked rejected names no reason (issue 21).
  'rejection_reason_required',
  // An erasure's typed confirmation is not the candidate's name, or not the number of candidates (issue 24).
  'confirmation_mismatch',
  'credits_exhausted',
  'payload_too_large',
  // A candidate's file whose bytes are none of the types taken (issue 22: PDF, DOCX, ODT, text).
  'unsupported_file_type',
  'rate_limited',
  // A user sent their hourly number of messages to candidates (EMAIL_SEND_LIMIT_PER_HOUR).
  'send_limit_reached',
  'maintenance',
  'database_unavailable',
  'shutting_down',
  'overloaded',
  'internal_error',
  // Sign-in with Google and Microsoft (modules/oauth).
  'provider_not_configured',
  'provider_unavailable',
  'provider_error',
  'invalid_state',
  'email_not_verified',
  'no_account',
  'oauth_failed',
  'oauth_denied',
  'no_provider_token',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * What is wrong with one field of a 400 `validation_error`: missing, empty, shorter or longer than `limit`
 * characters, smaller or larger than `limit`, a password on the server's list of common ones, a key the
 * contract does not know (`unknown`: request bodies and queries are strict objects, a misspelt field is
 * refused rather than dropped), or otherwise invalid.
 */
export const ValidationProblem = z.enum([
  'unknown',
  'required',
  'empty',
  'too_short',
  'too_long',
  'too_small',
  'too_large',
  'too_common',
  'invalid',
]);
export type ValidationProblem = z.infer<typeof ValidationProblem>;

/** One rejected field: `path` names it (`body.job_offer.name`), `problem` and `limit` say what is wrong. */
export const ValidationDetail = z.object({
  path: z.string(),
  problem: ValidationProblem,
  limit: z.number().optional(),
  message: z.string(),
});
export type ValidationDetail = z.infer<typeof ValidationDetail>;

/** Every error body of the API (DESIGN section 5). `details` lists the fields a 400 rejected. */
export const ErrorBody = z.object({
  error: ErrorCode,
  message: z.string(),
  details: z.array(ValidationDetail).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The 503 body while a maintenance window is on. */
export const MaintenanceBody = z.object({
  error: z.literal('maintenance'),
  message: z.string(),
  break_at: z.string(),
  duration: z.number().int(),
});
export type MaintenanceBody = z.infer<typeof MaintenanceBody>;

/** The body of a 204 answer: none. */
export const NoContent = z.null();

/** A positive integer taken from a path or query string; anything else is a 400. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** A path naming one record by id: `/{resource}/{id}`. */
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** `page` below 1 or not a number is 1 (SPEC section 5); `per_page` is capped at 100. */
export const Page = z
  .unknown()
  .transform((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : 1;
  })
  .pipe(z.number());

export const listQuery = (defaultPerPage = 10) =>
  z.strictObject({
    page: Page.optional().default(1),
    per_page: z
      .unknown()
      .transform((v) => {
        const n = Number(v);
        return Number.isInteger(n) && n > 0 ? Math.min(n, 100) : defaultPerPage;
      })
      .pipe(z.number())
      .optional()
      .default(defaultPerPage),
  });

/** A paginated list: `{data, total_count}` (plus `Link` and `X-Total-Count` headers). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total_count: z.number() });

/** A list answered whole, without pagination. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** `embed[]=company&embed[]=tags` or `embed=company,tags`. */
export const embedParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))))
    .pipe(z.array(z.enum(values)));
