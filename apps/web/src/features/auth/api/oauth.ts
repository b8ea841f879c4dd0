import type { LoginResponse } from '@vivier/contract';
import type { Camelize } from '../../../shared/api/case';
import { usersService } from '../../../shared/api/services';
import { startSession } from '../../../shared/session/start-session';

export const OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const isOAuthProvider = (value: unknown): value is OAuthProvider =>
  typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);

export const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

/** GET /oauth/{provider}/auth: the address of the provider's sign-in page. */
export async function fetchAuthUrl(provider: OAuthProvider): Promise<string> {
  const { url } = await usersService.get<{ url: string }>(`/oauth/${provider}/auth`, { auth: false });
  if (typeof url !== 'string' || url === '') throw new Error('No authentication URL');
  return url;
}

/** GET /oauth/{provider}/callback with the provider's query string as received, then stores the session. */
export async function completeOAuth(provider: OAuthProvider, search: string): Promise<void> {
  const query = search.startsWith('?') ? search : `?${search}`;
  const path = `/oauth/${provider}/callback${query === '?' ? '' : query}`;
  const response = await usersService.get<Camelize<LoginResponse>>(path, { auth: false });
  startSession(response);
}
