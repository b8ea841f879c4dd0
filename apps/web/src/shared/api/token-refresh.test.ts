import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { jsonResponse, makeJwt, sessionUser } from '../../test/fixtures';
import { followOtherTabs } from '../session/other-tabs';
import { persistStorage, STORAGE_KEY, useAppStore } from '../store/app-store';
import { createServiceClient } from './http-client';
import { REFRESH_LOCK } from './token-refresh';

/** Sessions across tabs (issue 7 section 3): one tab refreshes, the others take the pair it saved. */
const fetchMock = stubFetch({ session: 'end-after', after: () => vi.restoreAllMocks() });
const client = createServiceClient(() => 'http://localhost:3000/api');

const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
const refreshCalls = () => urls().filter((url) => url.includes('/users/refresh/'));
const bearerOf = (index: number) =>
  new Headers(fetchMock.mock.calls[index]?.[1]?.headers).get('Authorization');

/** What another tab of the browser leaves in local storage after it refreshed. */
const savedByAnotherTab = (jwt: string, token: string) =>
  JSON.stringify({ version: 2, state: { user: sessionUser(jwt, token), licence: null, context: {} } });

describe('refreshing in one tab of several', () => {
  it('takes the pair another tab saved instead of presenting a retired refresh token', async () => {
    useAppStore.getState().setUser(sessionUser(makeJwt(1), 'refresh-old'));
    const fresh = makeJwt(900);
    localStorage.setItem(STORAGE_KEY, savedByAnotherTab(fresh, 'refresh-new'));
    fetchMock.mockResolvedValue(jsonResponse({}));
    await client.get('/license');
    expect(refreshCalls()).toEqual([]);
    expect(bearerOf(0)).toBe(`Bearer ${fresh}`);
    expect(useAppStore.getState().user?.token).toBe('refresh-new');
  });

  it('saves a refreshed pair at once, not after the 5 s throttle, so the next tab reads it', async () => {
    useAppStore.getState().setUser(sessionUser(makeJwt(1), 'refresh-old'));
    // A write just happened: the throttle holds the next one for 5 s.
    useAppStore.getState().setContext({ language: 'en' });
    const fresh = makeJwt(900);
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/users/refresh/')
        ? jsonResponse({ jwt: fresh, token: 'refresh-new' })
        : jsonResponse({}),
    );
    await client.get('/license');
    expect(refreshCalls()).toEqual(['/api/users/refresh/refresh-old']);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    expect(saved.state.user.token).toBe('refresh-new');
    expect(saved.state.user.jwt).toBe(fresh);
  });

  it('refreshes while holding the Web Lock all tabs share', async () => {
    const requested: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        // (name, task) or (name, options, task), as the Web Locks API takes them; the lock is free here.
        request: async (name: string, ...args: unknown[]) => {
          requested.push(name);
          const task = args.at(-1) as (lock: { name: string }) => Promise<unknown>;
          return task({ name });
        },
      },
    });
    useAppStore.getState().setUser(sessionUser(makeJwt(1), 'refresh-old'));
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/users/refresh/')
        ? jsonResponse({ jwt: makeJwt(900), token: 'refresh-new' })
        : jsonResponse({}),
    );
    await client.get('/license');
    expect(requested).toEqual([REFRESH_LOCK]);
    expect(refreshCalls()).toHaveLength(1);
  });
});

describe('an access token the server calls expired', () => {
  it('is refreshed once and the call retried, the user staying signed in (client clock behind)', async () => {
    // The tab believes its token good for 15 minutes; the server says it has expired.
    const stale = makeJwt(900);
    useAppStore.getState().setUser(sessionUser(stale, 'refresh-old'));
    const fresh = makeJwt(900, '1');
    let licenceCalls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (String(url).includes('/users/refresh/')) return jsonResponse({ jwt: fresh, token: 'refresh-new' });
      licenceCalls += 1;
      return licenceCalls === 1
        ? jsonResponse({ error: 'token_expired', message: 'The access token has expired' }, 401)
        : jsonResponse({ id: 7 });
    });
    expect(await client.get('/license')).toEqual({ id: 7 });
    expect(refreshCalls()).toHaveLength(1);
    expect(bearerOf(2)).toBe(`Bearer ${fresh}`);
    expect(useAppStore.getState().user?.token).toBe('refresh-new');
  });

  it('signs out when the renewed token is refused as well', async () => {
    useAppStore.getState().setUser(sessionUser(makeJwt(900), 'refresh-old'));
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/users/refresh/')
        ? jsonResponse({ jwt: makeJwt(900), token: 'refresh-new' })
        : jsonResponse({ error: 'token_expired', message: 'The access token has expired' }, 401),
    );
    await expect(client.get('/license')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toHaveLength(1);
    expect(useAppStore.getState().user).toBeNull();
  });
});

describe('the other tabs', () => {
  it('take a pair refreshed elsewhere at once, and sign out when another tab logs out', () => {
    const stop = followOtherTabs();
    try {
      useAppStore.getState().setUser(sessionUser(makeJwt(60), 'refresh-old'));
      persistStorage.flush();
      const fresh = makeJwt(900);
      const newValue = savedByAnotherTab(fresh, 'refresh-new');
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEY, newValue, storageArea: localStorage }),
      );
      expect(useAppStore.getState().user?.token).toBe('refresh-new');
      expect(useAppStore.getState().user?.jwt).toBe(fresh);

      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEY, newValue: null, storageArea: localStorage }),
      );
      expect(useAppStore.getState().user).toBeNull();
    } finally {
      stop();
    }
  });
});
