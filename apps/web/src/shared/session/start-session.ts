import { queryClient } from '../api/query-client';
import { setReportedUser } from '../reporting/error-reporting';
import { useAppStore } from '../store/app-store';
import { decodeClaims } from './jwt';
import type { LoginAnswer } from './types';

/**
 * Stores a successful sign-in (SPEC section 4): the user with the claims decoded from its token. The query
 * cache is emptied so licence, settings and lists are fetched again for this user.
 */
export function startSession(response: LoginAnswer): void {
  const claims = decodeClaims(response.jwt);
  queryClient.clear();
  const store = useAppStore.getState();
  store.setMaintenance(null);
  store.setUser({ ...response, claims });
  setReportedUser({ id: response.id, email: response.email });
}
