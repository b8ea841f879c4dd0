import { forceHttps, joinUrl } from '@vivier/client/core';
import type { RefreshResponse } from '@vivier/contract';
import { config } from '../config';
import { i18n } from '../i18n/i18n';
import { showToast } from '../notifications/toast';
import { decodeClaims, expiresWithin } from '../session/jwt';
import { logout } from '../session/logout';
import { persistStorage, readSavedUser, useAppStore } from '../store/app-store';
import { ApiError, isApiError } from './api-error';
import type { Camelize } from './case';
import { sendRequest } from './request';

/** SPEC section 4: refresh when the access token expires within 2 seconds. */
export const REFRESH_MARGIN_MS = 2_000;

/** The Web Lock every tab of the origin takes to refresh, so exactly one of them does at a time. */
export const REFRESH_LOCK = 'vivier-token-refresh';

let inflight: Promise<string> | undefined;

/**
 * The access token to send, refreshed first when it is about to expire (SPEC section 4). Concurrent callers of
 * this tab share one refresh. Tabs take turns through a Web Lock where the browser has one (not over plain
 * http on a LAN address), and take a pair another tab saved; either way, two tabs presenting the same refresh
 * token within a few seconds get the same new pair from the server (its reuse interval,
 * docs/decisions/137-refresh-reuse-interval.md), so nothing depends on when storage reaches this tab.
 */
export async function freshJwt(): Promise<string | undefined> {
  const user = useAppStore.getState().user;
  if (!user) return undefined;
  if (!expiresWithin(user.claims, REFRESH_MARGIN_MS)) return user.jwt;
  return renewed(user.jwt);
}

/**
 * A new access token after the server refused `rejected` as expired although this tab thought it fresh (its
 * clock is behind the server's): refreshed once, whatever the local expiry says.
 */
export function jwtAfterExpired(rejected: string): Promise<string> {
  return renewed(rejected);
}

function renewed(stale: string): Promise<string> {
  inflight ??= withRefreshLock(() => refreshUnlessDone(stale)).finally(() => {
    inflight = undefined;
  });
  return inflight;
}

/**
 * Runs `task` holding the refresh lock of every tab; a browser without Web Locks runs it directly (the
 * server's reuse interval makes the lock an economy, not a condition).
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return locks.request(REFRESH_LOCK, () => task());
}

/**
 * Another tab may have refreshed meanwhile and saved the new pair; then it is taken from storage. If storage
 * has not caught up yet, this tab presents the token the other just retired, and the server answers the
 * same new pair within its reuse interval.
 */
async function refreshUnlessDone(stale: string): Promise<string> {
  adoptSavedTokens();
  const user = useAppStore.getState().user;
  if (!user) throw new ApiError('http', 'Signed out', { status: 401 });
  if (user.jwt !== stale && !expiresWithin(user.claims, REFRESH_MARGIN_MS)) return user.jwt;
  return refreshTokens(user.token);
}

/**
 * Takes the pair another tab saved, when it belongs to the same user and is newer than this tab's. Answers
 * whether it did.
 */
export function adoptSavedTokens(raw?: string | null): boolean {
  const current = useAppStore.getState().user;
  const saved = readSavedUser(raw);
  if (!current || !saved || saved.claims.sub !== current.claims.sub) return false;
  // Storage never goes back to an older pair (app-store.ts), so a different pair there is the newest one.
  if (saved.token === current.token || saved.claims.exp < current.claims.exp) return false;
  useAppStore.getState().setTokens(saved.jwt, saved.token, saved.claims);
  return true;
}

async function refreshTokens(refreshToken: string): Promise<string> {
  const url = joinUrl(forceHttps(config.usersApiUrl), `/users/refresh/${encodeURIComponent(refreshToken)}`);
  try {
    // The refresh call carries no bearer token (SPEC section 6).
    const { data } = await sendRequest('get', url);
    const { jwt, token } = data as Camelize<RefreshResponse>;
    useAppStore.getState().setTokens(jwt, token, decodeClaims(jwt));
    // Saved now, not within the 5 s throttle (SPEC section 9): the next tab to take the lock reads it.
    persistStorage.flush();
    return jwt;
  } catch (error) {
    console.error(error);
    showToast(i18n.t('auth.couldNotRefresh'), 'error');
    if (isApiError(error) && (error.status === 401 || error.status === 403)) logout();
    throw error;
  }
}
