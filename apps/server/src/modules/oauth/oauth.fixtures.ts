import type { OAuthProvider } from '@vivier/contract';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  type LocalOpenIdProvider,
  type LocalProviderKind,
  startLocalOpenIdProvider,
} from '../../test/local-openid-provider.ts';

/** Vivier's address in the API tests: the providers send the browser back under it. */
export const PUBLIC_URL = 'https://vivier.example';
export const CLIENT = {
  google: { id: 'vivier-google-client', secret: 'google-client-secret' },
  microsoft: { id: 'vivier-microsoft-client', secret: 'microsoft-client-secret' },
};

/** A local provider registered with Vivier's client id, secret and callback for `provider`. */
export function localProvider(provider: OAuthProvider, kind: LocalProviderKind, tenantId?: string) {
  return startLocalOpenIdProvider({
    kind,
    clientId: CLIENT[provider].id,
    clientSecret: CLIENT[provider].secret,
    redirectUri: `${PUBLIC_URL}/oauth/${provider}/callback`,
    tenantId,
  });
}

/** The variables that point Vivier at local providers (DESIGN section 4). */
export function providerEnv(
  providers: { google?: LocalOpenIdProvider; microsoft?: LocalOpenIdProvider },
  microsoftTenant = 'common',
): Record<string, string> {
  return {
    VIVIER_PUBLIC_URL: PUBLIC_URL,
    ...(providers.google && {
      GOOGLE_CLIENT_ID: CLIENT.google.id,
      GOOGLE_CLIENT_SECRET: CLIENT.google.secret,
      OAUTH_GOOGLE_ISSUER: providers.google.issuer,
    }),
    ...(providers.microsoft && {
      MICROSOFT_CLIENT_ID: CLIENT.microsoft.id,
      MICROSOFT_CLIENT_SECRET: CLIENT.microsoft.secret,
      MICROSOFT_TENANT: microsoftTenant,
      OAUTH_MICROSOFT_ISSUER: providers.microsoft.issuer,
    }),
  };
}

export const appWith = (
  providers: { google?: LocalOpenIdProvider; microsoft?: LocalOpenIdProvider },
  microsoftTenant?: string,
) => createTestApp(providerEnv(providers, microsoftTenant));

/** Asks Vivier for the provider's address (GET /api/oauth/{provider}/auth) and returns it. */
export async function authorizationUrl(t: TestApp, provider: OAuthProvider): Promise<URL> {
  const res = await t.app.inject({ url: `/api/oauth/${provider}/auth` });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().url);
}

/**
 * A person's whole sign-in, as the browser makes it: Vivier's authorization URL, the provider's page (the
 * email typed), and the query string the provider sends back, returned for the callback call.
 */
export async function providerAnswer(
  t: TestApp,
  provider: OAuthProvider,
  local: LocalOpenIdProvider,
  email: string,
): Promise<string> {
  const url = await authorizationUrl(t, provider);
  const back = await local.signIn(url.href, email);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/oauth/${provider}/callback`);
  return back.search;
}

/** GET /api/oauth/{provider}/callback with a provider's query string, as the callback screen sends it. */
export const callback = (t: TestApp, provider: OAuthProvider, search: string) =>
  t.app.inject({ url: `/api/oauth/${provider}/callback${search}` });

/** Signs in with the provider all the way; returns Vivier's answer. */
export async function signInWith(
  t: TestApp,
  provider: OAuthProvider,
  local: LocalOpenIdProvider,
  email: string,
) {
  return callback(t, provider, await providerAnswer(t, provider, local, email));
}

export const noAccountMessage = (label: string) =>
  `Failed to log in with ${label}, please contact your administrator to ensure you have a Vivier account`;
