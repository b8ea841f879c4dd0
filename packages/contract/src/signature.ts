import { z } from 'zod';
import { RichText } from './email-templates.ts';

/**
 * `GET /api/users/me/signature`: the caller's email signature (sanitised HTML). With an `X-Provider-Token`
 * header (the Google access token `GET /api/oauth/token` answers), it is read from Gmail's
 * `settings/sendAs/{email}` (5000 ms), `source: 'provider'`; otherwise, or when the provider does not
 * answer, the one stored in the user's settings, `source: 'stored'`.
 */
export const Signature = z.object({ value: z.string(), source: z.enum(['provider', 'stored']) });
export type Signature = z.infer<typeof Signature>;

/** `PUT /api/users/me/signature` body: stored sanitised in `settings.email_signature.value`; answers Signature. */
export const SignatureInput = z.strictObject({ value: RichText });
export type SignatureInput = z.input<typeof SignatureInput>;
