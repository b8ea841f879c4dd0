import type { OAuthProvider } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { startSession } from '../../../shared/session/start-session';

export type { OAuthProvider };

/** The providers of the contract's `OAuthProvider`, for checking a route parameter at run time. */
export const OAUTH_PROVIDERS = ['google', 'microsoft'] as const satisfies readonly OAuthProvider[];

export const isOAuthProvider = (value: unknown): value is OAuthProvider =>
  typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);

/** Provider names as the spec's messages show them ('Cannot fetch Google authentication URL'). */
export const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

/** GET /oauth/{provider}/auth: the address of the provider's sign-in page (SPEC section 7). */
export async function fetchAuthUrl(provider: OAuthProvider): Promise<string> {
  const { url } = await call(routes.auth.oauthStart, { params: { provider } });
  if (typeof url !== 'string' || url === '') throw new Error('No authentication URL');
  return url;
}

/** Leaves Vivier for the provider's sign-in page; it sends the browser back to /oauth/{provider}/callback. */
export function openProviderPage(url: string): void {
  window.location.assign(url);
}

const STARTED_KEY = 'vivier:oauth-started';

/**
 * Remembers, in this tab only, the sign-in this tab started (its provider and `state`). The callback screen
 * completes only that one: a link to /oauth/{provider}/callback made by someone else, carrying their own code
 * and state, would otherwise sign this browser into their account (login CSRF, RFC 9700 section 4.7).
 */
export function rememberStartedSignIn(provider: OAuthProvider, url: string): void {
  const state = new URL(url).searchParams.get('state') ?? '';
  sessionStorage.setItem(STARTED_KEY, JSON.stringify({ provider, state }));
}

/** True when the callback's `state` is the one this tab started with `provider`; forgets it either way. */
export function isStartedSignIn(provider: OAuthProvider, search: string): boolean {
  const saved = sessionStorage.getItem(STARTED_KEY);
  sessionStorage.removeItem(STARTED_KEY);
  const state = new URLSearchParams(search).get('state');
  if (!saved || !state) return false;
  try {
    const started: unknown = JSON.parse(saved);
    return (
      typeof started === 'object' &&
      started !== null &&
      (started as { provider?: unknown }).provider === provider &&
      (started as { state?: unknown }).state === state
    );
  } catch {
    return false;
  }
}

/**
 * GET /oauth/{provider}/callback with the provider's query string as received, then stores the session
 * exactly as a password login does (SPEC sections 2 and 7).
 */
export async function completeOAuth(provider: OAuthProvider, search: string): Promise<void> {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const response = await call(routes.auth.oauthCallback, { params: { provider }, search: query });
  startSession(response);
}
