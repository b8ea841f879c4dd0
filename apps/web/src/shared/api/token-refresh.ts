import type { RefreshResponse } from '@vivier/contract';
import { config } from '../config';
import { i18n } from '../i18n/i18n';
import { showToast } from '../notifications/toast';
import { decodeClaims, expiresWithin } from '../session/jwt';
import { logout } from '../session/logout';
import { useAppStore } from '../store/app-store';
import { isApiError } from './api-error';
import { forceHttps, joinUrl } from './base-url';
import type { Camelize } from './case';
import { sendRequest } from './request';

/** SPEC section 4: refresh when the access token expires within 2 seconds. */
export const REFRESH_MARGIN_MS = 2_000;

let inflight: Promise<string> | undefined;

/**
 * The access token to send, refreshed first when it is about to expire. Concurrent callers share one refresh
 * call, so a rotated refresh token is never presented twice (the server treats reuse as theft).
 */
export async function freshJwt(): Promise<string | undefined> {
  const user = useAppStore.getState().user;
  if (!user) return undefined;
  if (!expiresWithin(user.claims, REFRESH_MARGIN_MS)) return user.jwt;
  inflight ??= refreshTokens(user.token).finally(() => {
    inflight = undefined;
  });
  return inflight;
}

async function refreshTokens(refreshToken: string): Promise<string> {
  const url = joinUrl(forceHttps(config.usersApiUrl), `/users/refresh/${encodeURIComponent(refreshToken)}`);
  try {
    // The refresh call carries no bearer token (SPEC section 6).
    const { data } = await sendRequest('get', url);
    const { jwt, token } = data as Camelize<RefreshResponse>;
    useAppStore.getState().setTokens(jwt, token, decodeClaims(jwt));
    return jwt;
  } catch (error) {
    console.error(error);
    showToast(i18n.t('auth.couldNotRefresh'), 'error');
    if (isApiError(error) && (error.status === 401 || error.status === 403)) logout();
    throw error;
  }
}
