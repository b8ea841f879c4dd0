import { queryClient } from '../api/query-client';
import { adoptSavedTokens } from '../api/token-refresh';
import { readSavedUser, STORAGE_KEY, useAppStore } from '../store/app-store';
import { logout } from './logout';

/**
 * Keeps this tab's session in step with the other tabs of the browser, which share its saved state: a pair
 * refreshed elsewhere is taken at once; a sign-in elsewhere (another user, or this tab was signed out) is
 * restored here; a logout elsewhere (the saved state removed) signs this tab out too, as the server has
 * revoked the session anyway.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || (event.key !== STORAGE_KEY && event.key !== null)) return;
    // Only a logout removes the saved state; a tab signed out for another reason has nothing to share.
    if (event.newValue === null) {
      if (useAppStore.getState().user) logout();
      return;
    }
    const saved = readSavedUser(event.newValue);
    if (!saved) return;
    if (saved.claims.sub !== useAppStore.getState().user?.claims.sub) {
      queryClient.clear();
      void useAppStore.persist.rehydrate();
      return;
    }
    adoptSavedTokens(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
