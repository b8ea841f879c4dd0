import { queryClient } from '../api/query-client';
import { setReportedUser } from '../reporting/error-reporting';
import { persistStorage, STORAGE_KEY, useAppStore } from '../store/app-store';

/**
 * Logout (SPEC section 4): clears the user, the error reporter's user and the whole client state, including
 * the saved copy in local storage, at once rather than after the 5 s throttle.
 */
export function logout(): void {
  useAppStore.getState().reset();
  persistStorage.removeItem(STORAGE_KEY);
  queryClient.clear();
  setReportedUser(null);
}
