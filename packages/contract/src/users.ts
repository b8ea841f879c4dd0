import { z } from 'zod';

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

export const ExportFormat = z.enum(['csv_semicolumn', 'csv_comma', 'admen']);
export type ExportFormat = z.infer<typeof ExportFormat>;

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
  exp: z.number(),
});
export type Claims = z.infer<typeof Claims>;

export const LoginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** Login answers the user with an access token (`jwt`) and a refresh token (`token`). */
export const LoginResponse = User.extend({ jwt: z.string(), token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshResponse = z.object({ jwt: z.string(), token: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponse>;

export const ForgotResponse = z.object({ message: z.string() });

export const ResetPasswordBody = z.object({ password: z.string().min(8).max(1024) });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
