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

/**
 * The signed-in user's mail provider token, for the calls that read the provider's signature or send through
 * it (`X-Provider-Token`). Loose: every other header of the request passes.
 */
export const ProviderTokenHeaders = z.looseObject({ 'x-provider-token': z.string().max(4096).optional() });
