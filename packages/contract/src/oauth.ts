import { z } from 'zod';

/** The external identity providers of SPEC section 1. */
export const OAuthProvider = z.enum(['google', 'microsoft']);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

export const OAuthProviderParams = z.object({ provider: OAuthProvider });

/** GET /oauth/{provider}/auth: where to send the browser to sign in at the provider. */
export const OAuthAuthResponse = z.object({ url: z.string() });
export type OAuthAuthResponse = z.infer<typeof OAuthAuthResponse>;

const param = z.string().max(4096);

/**
 * GET /oauth/{provider}/callback: the provider's query string, passed on as received (`code` and `state`, or
 * `error`; providers add their own parameters such as `scope`, `authuser` or `session_state`). The answer is
 * the same as POST /users/login (LoginResponse).
 */
export const OAuthCallbackQuery = z
  .object({
    code: param.optional(),
    state: param.optional(),
    error: param.optional(),
    error_description: param.optional(),
  })
  .catchall(param);
export type OAuthCallbackQuery = z.infer<typeof OAuthCallbackQuery>;

/** GET /oauth/token: `provider` picks one when the user signed in with both; else the latest sign-in's. */
export const OAuthTokenQuery = z.strictObject({ provider: OAuthProvider.optional() });

/** The provider access token of the signed-in user, for the provider's API (the mail signature). */
export const OAuthTokenResponse = z.object({
  access_token: z.string(),
  provider: OAuthProvider,
  expires_at: z.string().nullable(),
});
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponse>;

/**
 * GET /oauth/token answers 200 `null` to a user who never signed in with a provider (the one asked, or any):
 * an ordinary absence, not an error, since the settings screen asks for every user (docs/decisions/146).
 */
export const OAuthTokenAnswer = OAuthTokenResponse.nullable();
