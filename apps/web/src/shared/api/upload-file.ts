import { forceHttps, joinUrl, toCamelCase } from '@vivier/client/core';
import { logout } from '../session/logout';
import { useAppStore } from '../store/app-store';
import { ApiError } from './api-error';
import { mainBaseUrl } from './services';
import { freshJwt } from './token-refresh';

/**
 * POSTs (or PUTs, for a route that replaces one: the careers site's logo) one file as multipart/form-data (a part named `file`) to a path of the main service, and answers the
 * camelCase view of the JSON it gets back (the JSON client sends JSON only). No 5-second timeout: a 10 MB file
 * on a slow line takes longer; the browser's own network errors still end it. Candidates' files and CVs made
 * drafts (issue 22) are uploaded so.
 */
export async function uploadFile<T>(path: string, file: File, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const base = mainBaseUrl();
  if (!base) throw new ApiError('route', 'No base URL');
  const url = joinUrl(forceHttps(base), path);
  const jwt = await freshJwt();
  const form = new FormData();
  form.append('file', file, file.name);
  const store = useAppStore.getState();
  store.requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { Accept: 'application/json', ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}) },
        body: form,
      });
    } catch (cause) {
      throw new ApiError('network', cause instanceof Error ? cause.message : 'Network Error', { url });
    }
    const data: unknown = toCamelCase(await response.json().catch(() => ({})));
    if (!response.ok) {
      if (response.status === 401 && jwt) logout();
      throw ApiError.fromAnswer(response, data, url);
    }
    return data as T;
  } finally {
    useAppStore.getState().requestEnded();
  }
}
