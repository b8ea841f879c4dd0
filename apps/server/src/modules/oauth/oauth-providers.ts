import type { OAuthProvider } from '@vivier/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';

/** How Vivier signs in with one provider, read from the configuration (DESIGN section 4). */
export type ProviderSettings = {
  provider: OAuthProvider;
  /** The name people read, as the spec's messages show it ('Failed to log in with Google, …'). */
  label: string;
  clientId: string;
  clientSecret: string;
  /** The issuer identifier; its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  /** Microsoft only: the tenant segment of the issuer (an id or domain, or common / organizations / consumers). */
  microsoftTenant?: string;
  scope: string;
  /** Extra parameters of the authorization request. */
  authorizationParameters: Record<string, string>;
};

export const PROVIDER_LABELS: Record<OAuthProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * Gmail's settings scope lets the web app read the user's signature (SPEC section 7, settings/sendAs);
 * `access_type=offline` asks Google for a refresh token, so that call keeps working after an hour.
 */
const GOOGLE_SCOPE = 'openid email profile https://www.googleapis.com/auth/gmail.settings.basic';
/** Microsoft gives a refresh token only for `offline_access`. */
const MICROSOFT_SCOPE = 'openid email profile offline_access';

/** The settings of a provider, or a 404 when the operator has not configured it. */
export function providerSettings(config: Config, provider: OAuthProvider): ProviderSettings {
  const label = PROVIDER_LABELS[provider];
  const { clientId, clientSecret, issuer } = config.oauth[provider];
  if (!clientId || !clientSecret) {
    throw new AppError('provider_not_configured', `Sign-in with ${label} is not configured on this server`);
  }
  const client = { provider, label, clientId, clientSecret, issuer };
  if (provider === 'google') {
    return { ...client, scope: GOOGLE_SCOPE, authorizationParameters: { access_type: 'offline' } };
  }
  return {
    ...client,
    microsoftTenant: config.oauth.microsoft.tenant,
    scope: MICROSOFT_SCOPE,
    authorizationParameters: {},
  };
}

/**
 * Where the provider sends the browser back: the web app's callback screen (SPEC section 2). It comes from
 * configuration, never from a request header, so a forged Host cannot redirect a sign-in elsewhere.
 */
export function redirectUri(config: Config, provider: OAuthProvider): string {
  return `${publicOrigin(config)}/oauth/${provider}/callback`;
}

/** `VIVIER_PUBLIC_URL`, else the address the server listens on (DESIGN section 4). */
export function publicOrigin(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
