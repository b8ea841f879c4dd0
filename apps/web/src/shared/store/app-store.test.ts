import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJwt, sessionUser } from '../../test/fixtures';
import { logout } from '../session/logout';
import { persistStorage, STORAGE_KEY, useAppStore } from './app-store';

const licence = {
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
    useAppStore.getState().setLicence(licence);
    useAppStore.getState().recordError(new Error('kept in memory only'));
    persistStorage.flush();
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    expect(saved.state.user).toEqual(user);
    expect(saved.state.licence).not.toHaveProperty('stats');
    expect(saved.state.licence.creditsMax).toBe(100);
    expect(saved.state.errors).toBeUndefined();
  });

  it('forgets everything on logout, storage included', () => {
    useAppStore.getState().setUser(sessionUser());
    useAppStore.getState().setContext({ language: 'fr', actualJobOffer: 3 });
    useAppStore.getState().recordError(new Error('x'));
    logout();
    const state = useAppStore.getState();
    expect(state.user).toBeNull();
    expect(state.licence).toBeNull();
    expect(state.errors).toEqual([]);
    expect(state.context).toEqual({
      language: null,
      actualJobOffer: null,
      actualStatus: null,
      selectedStatuses: [],
    });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('keeps nothing in storage when a request ends after logout', () => {
    vi.useFakeTimers();
    useAppStore.getState().setUser(sessionUser());
    useAppStore.getState().requestStarted();
    persistStorage.flush();
    logout();
    vi.advanceTimersByTime(10_000);
    useAppStore.getState().requestEnded();
    vi.advanceTimersByTime(10_000);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("never overwrites another tab's saved session with a signed-out tab's empty state", () => {
    vi.useFakeTimers();
    vi.advanceTimersByTime(10_000);
    const otherTab = JSON.stringify({
      state: { user: sessionUser(), licence: null, context: {} },
      version: 2,
    });
    localStorage.setItem(STORAGE_KEY, otherTab);
    useAppStore.getState().requestStarted();
    vi.advanceTimersByTime(10_000);
    useAppStore.getState().requestEnded();
    vi.advanceTimersByTime(10_000);
    expect(localStorage.getItem(STORAGE_KEY)).toBe(otherTab);
  });

  it('keeps the language chosen while signed out', () => {
    vi.useFakeTimers();
    vi.advanceTimersByTime(10_000);
    useAppStore.getState().setContext({ language: 'fr' });
    vi.advanceTimersByTime(10_000);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').state.context.language).toBe('fr');
  });

  it('restores a saved session', async () => {
    const user = sessionUser();
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ version: 2, state: { user, licence, context: { language: 'fr' } } }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual(user);
    expect(useAppStore.getState().context.language).toBe('fr');
  });

  it('restores a session saved before the licence was saved as `licence`', async () => {
    const user = sessionUser();
    const { stats: _stats, ...saved } = licence;
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ version: 1, state: { user, license: saved, context: {} } }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual(user);
    expect(useAppStore.getState().licence).toEqual(saved);
  });

  it('never saves back an older token pair than the one another tab saved', () => {
    useAppStore.getState().setUser(sessionUser(makeJwt(60), 'refresh-old'));
    persistStorage.flush();
    const newer = sessionUser(makeJwt(900), 'refresh-new');
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 2, state: { user: newer, licence: null } }));
    // This tab writes its state (here its language) while it still holds the older pair in memory.
    useAppStore.getState().setContext({ language: 'fr' });
    persistStorage.flush();
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    expect(saved.state.user.token).toBe('refresh-new');
    expect(saved.state.user.jwt).toBe(newer.jwt);
    expect(saved.state.context.language).toBe('fr');
  });
});
