import { z } from 'zod';
import { listQuery } from './common.ts';
import { EXPORT_FORMATS } from './constants.ts';

/** The roles, as a tuple for database enums too (SPEC section 6). */
export const ROLES = ['user', 'admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;

/**
 * SPEC section 6's level options for a user who is not admin (docs/decisions/090-user-levels.md): a `manager`
 * changes the job offers they manage or are assigned to, `other` only reads them. Admins do everything.
 */
export const Level = z.enum(['manager', 'other']);
export type Level = z.infer<typeof Level>;

/** Per-user settings (SPEC section 3, User.settings). */
export const UserSettings = z.object({
  export: z.object({ type: ExportFormat.nullable() }),
  email_signature: z.object({ value: z.string() }),
});
export type UserSettings = z.infer<typeof UserSettings>;

/** A user as the API answers it. The password never leaves the server. */
export const User = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: Role,
  level: Level,
  /** From the user's client-data record (docs/decisions/091-client-data.md); written through /client_data. */
  sf_id: z.string().nullable(),
  picture: z.string().nullable(),
  license_id: z.number(),
  settings: UserSettings,
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

/** Claims of the access token (DESIGN section 5). */
export const Claims = z.object({
  sub: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: Role,
  license_id: z.number(),
  /**
   * The session (refresh-token family) the token was issued for: a password change ends the user's other
   * sessions and keeps this one. Absent from tokens signed before it existed.
   */
  sid: z.string().optional(),
  exp: z.number(),
});
export type Claims = z.infer<typeof Claims>;

export const LoginBody = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

/**
 * When an address has an account in several organisations and the password (or the provider) opens more than
 * one, login (and the provider callback) answers 409 `choose_organisation` with the organisations to choose
 * from and a `ticket`: sealed by the server, valid five minutes, naming the accounts that proved themselves.
 * `POST /api/users/login/organisation` with the ticket and the chosen `license_id` then answers as login does
 * (docs/decisions/136-accounts-per-licence.md).
 */
export const OrganisationChoice = z.object({
  error: z.literal('choose_organisation'),
  message: z.string(),
  ticket: z.string(),
  organisations: z.array(z.object({ license_id: z.number(), name: z.string() })),
});
export type OrganisationChoice = z.infer<typeof OrganisationChoice>;
export const ChooseOrganisationBody = z.strictObject({
  ticket: z.string().min(1).max(4000),
  license_id: z.number().int().positive(),
});
export type ChooseOrganisationBody = z.infer<typeof ChooseOrganisationBody>;

/**
 * `POST /api/users/confirm/{token}`: the link mailed when an admin creates an account proves the address is
 * the person's (seven days, single use). 200, or 410 `confirm_token_invalid`.
 */
export const ConfirmParams = z.object({ token: z.string().min(1).max(200) });
export type ConfirmParams = z.infer<typeof ConfirmParams>;
export const ConfirmResponse = z.object({ message: z.string() });
export type ConfirmResponse = z.infer<typeof ConfirmResponse>;

/** Login answers the user with an access token (`jwt`) and a refresh token (`token`). */
export const LoginResponse = User.extend({ jwt: z.string(), token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** `GET /api/users/refresh/{token}`: the refresh token in the path (no access token needed). */
export const RefreshParams = z.object({ token: z.string().min(1).max(200) });
export type RefreshParams = z.infer<typeof RefreshParams>;

export const RefreshResponse = z.object({ jwt: z.string(), token: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/**
 * `POST /api/users/logout` body: the session's refresh token. Answers 204 and revokes the token's whole
 * family (every tab of that sign-in), whether or not the token is known; no access token is needed, since
 * it may have expired.
 */
export const LogoutBody = z.strictObject({ token: z.string().min(1).max(200) });
export type LogoutBody = z.infer<typeof LogoutBody>;

/**
 * `GET /api/password/forgot/{email}`: answers 200 with the same message whether or not the address has an
 * account, and mails a one-hour link to `/reset_password/{token}` when it has. 429 past 20 a quarter-hour.
 */
export const ForgotParams = z.object({ email: z.string().min(1).max(320) });
export type ForgotParams = z.infer<typeof ForgotParams>;
export const ForgotResponse = z.object({ message: z.string() });
export type ForgotResponse = z.infer<typeof ForgotResponse>;

/**
 * Passwords are 8 to 128 characters (the login form takes longer ones only to refuse them alike). Wherever one
 * is set, the server also refuses a common password (400 `validation_error`, problem `too_common`): the list
 * stays on the server, out of the web bundle.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const Password = z
  .string()
  .min(PASSWORD_MIN, { error: `must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `must be at most ${PASSWORD_MAX} characters` });

/**
 * `PATCH /api/password/{token}` with `{password}` (a `Password`): 200, or 410 `reset_token_invalid`
 * for a link that is unknown, used or past its hour; 429 past 20 attempts a quarter-hour from one address.
 */
export const ResetPasswordParams = z.object({ token: z.string().min(1).max(200) });
export type ResetPasswordParams = z.infer<typeof ResetPasswordParams>;
export const ResetPasswordBody = z.strictObject({ password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
export const ResetPasswordResponse = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/** PostgreSQL text cannot hold a NUL character: refuse it as input rather than fail in the database. */
const noNul = (v: string) => !v.includes('\u0000');

/** A person's first or last name: trimmed, at most 100 characters, possibly empty. */
export const PersonName = z
  .string()
  .trim()
  .max(100, { error: 'must be at most 100 characters' })
  .refine(noNul, { error: 'must not contain a NUL character' });

/** An email address: trimmed, a basic shape, at most 320 characters. Unique within a licence. */
export const Email = z
  .string()
  .trim()
  .max(320, { error: 'must be at most 320 characters' })
  .pipe(z.email({ error: 'must be an email address' }));

/** The longest email signature kept, in characters of HTML. */
export const SIGNATURE_MAX = 20_000;

/** A change to a user's own settings: either part may be left out. The signature is sanitised on save. */
export const UserSettingsPatch = z.strictObject({
  export: z.strictObject({ type: ExportFormat.nullable() }).optional(),
  email_signature: z
    .strictObject({
      value: z.string().max(SIGNATURE_MAX, { error: `must be at most ${SIGNATURE_MAX} characters` }),
    })
    .optional(),
});
export type UserSettingsPatch = z.infer<typeof UserSettingsPatch>;

/**
 * `POST /api/users` (admins only): a new user of the caller's licence. Without a password the person signs
 * in through password recovery or an identity provider. An email another user of the same licence has,
 * ignoring case, answers 409 `{error: 'conflict', message: 'A user with this email already exists'}`; an
 * account elsewhere changes nothing. The person is mailed a link proving the address (`/confirm_email/{token}`):
 * until it is opened, Google and Microsoft sign-in do not enter the account.
 * The Salesforce ID is client data: `PUT /api/client_data/{id}`.
 */
export const UserCreateBody = z.strictObject({
  email: Email,
  password: Password.optional(),
  first_name: PersonName.optional().default(''),
  last_name: PersonName.optional().default(''),
  role: Role.optional().default('user'),
  level: Level.optional().default('manager'),
});
export type UserCreateBody = z.input<typeof UserCreateBody>;

/**
 * `PATCH /api/users/{id}`: only the fields sent change. An admin changes any user of the licence; a user
 * changes their own names, password and settings only (403 for their role, level or email). An empty
 * password is dropped by the web (SPEC section 5) and means no change here too. The last admin of a licence
 * cannot become a user (409 `last_admin`). `id`, `license_id` and `sf_id` are accepted and ignored (the spec's
 * client sends them back); any other key is refused with 400 `unknown field: …`.
 * Changing one's own password or email needs `current_password` (or, for an account without a password, a
 * sign-in within the last five minutes): 403 `current_password_required` otherwise. An admin who sets another
 * user's password ends that user's sessions, and the user is told by mail.
 */
export const UserPatchBody = z.strictObject({
  /** Sent back by the spec's own client with the rest of the user it read, and ignored on purpose. */
  id: z.unknown().optional().describe('Ignored: the path names the user'),
  /** Ignored as `id` is: a user's licence never changes. */
  license_id: z.unknown().optional().describe("Ignored: a user's licence never changes"),
  /** Ignored as `id` is: the Salesforce ID is written through `PUT /api/client_data/{id}` (admins). */
  sf_id: z.unknown().optional().describe('Ignored: written through PUT /api/client_data/{id}'),
  email: Email.optional(),
  current_password: z.string().max(1024).optional(),
  password: z.union([z.literal(''), Password]).optional(),
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  role: Role.optional(),
  level: Level.optional(),
  settings: UserSettingsPatch.optional(),
});
export type UserPatchBody = z.input<typeof UserPatchBody>;

/** `GET /api/users/?filters[search]=ada`: a case-insensitive substring of the email or of 'first last'. */
export const UserSearchFilter = z
  .string()
  .trim()
  .max(320, { error: 'must be at most 320 characters' })
  .refine(noNul, { error: 'must not contain a NUL character' });

/**
 * A user's client-data record (SPEC section 3 "a separate per-user client-data record keyed by id",
 * docs/decisions/091-client-data.md): `sf_id`, the user's Salesforce ID. `GET /api/client_data` lists the
 * licence's records (`per_page` 100 by default); `PUT /api/client_data/{user_id}` (admins only) saves one.
 */
export const ClientData = z.object({
  user_id: z.number(),
  sf_id: z.string().nullable(),
  updated_at: z.string(),
});
export type ClientData = z.infer<typeof ClientData>;

/** `PUT /api/client_data/{user_id}` body: the Salesforce ID, trimmed, at most 64 characters; empty is none. */
export const ClientDataBody = z.strictObject({
  sf_id: z
    .string()
    .trim()
    .max(64, { error: 'must be at most 64 characters' })
    .refine(noNul, { error: 'must not contain a NUL character' })
    .nullable()
    .transform((v) => (v === '' ? null : v)),
});
export type ClientDataBody = z.input<typeof ClientDataBody>;

/** `GET /api/users/`: 10 per page by default, optionally `filters[search]`. */
export const UserListQuery = listQuery(10).extend({
  filters: z.strictObject({ search: UserSearchFilter.optional() }).optional(),
});
export type UserListQuery = z.input<typeof UserListQuery>;

/** `GET /api/client_data`: SPEC section 9, users client data 100 per page. */
export const ClientDataListQuery = listQuery(100);
