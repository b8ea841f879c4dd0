import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../test/fixtures';
import { logout } from '../session/logout';
import { persistStorage, STORAGE_KEY, useAppStore } from './app-store';

const license = {
  id: 7,
  name: 'Acme',
  apiUrl: '/api',
  creditsMax: 100,
  creditsUsed: 40,
  planType: 'recurrent' as const,
  renewPeriod: 'monthly' as const,
  stats: { creditsMax: 100, creditsUsed: 40, creditsLeft: 60, byUser: [], byPeriod: [] },
};

afterEach(() => {
  logout();
  vi.useRealTimers();
});

describe('the client store', () => {
  it("saves the user and the licence without its stats under the key 'state'", () => {
    const user = sessionUser();
    useAppStore.getState().setUser(user);
    useAppStore.getState().setLicense(license);
    useAppStore.getState().recordError(new Error('kept in memory only'));
    persistStorage.flush();
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    expect(saved.state.user).toEqual(user);
    expect(saved.state.license).not.toHaveProperty('stats');
    expect(saved.state.license.creditsMax).toBe(100);
    expect(saved.state.errors).toBeUndefined();
  });

  it('forgets everything on logout, storage included', () => {
    useAppStore.getState().setUser(sessionUser());
    useAppStore.getState().setContext({ language: 'fr', actualJobOffer: 3 });
    useAppStore.getState().recordError(new Error('x'));
    logout();
    const state = useAppStore.getState();
    expect(state.user).toBeNull();
    expect(state.license).toBeNull();
    expect(state.errors).toEqual([]);
    expect(state.context).toEqual({
      language: null,
      actualJobOffer: null,
      actualStatus: null,
      selectedStatuses: [],
    });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('restores a saved session', async () => {
    const user = sessionUser();
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ version: 1, state: { user, license, context: { language: 'fr' } } }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual(user);
    expect(useAppStore.getState().context.language).toBe('fr');
  });
});
