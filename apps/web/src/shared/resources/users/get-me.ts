import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Level, Role } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withSilentFailure } from '../../api/silent-failure';
import { useAppStore } from '../../store/app-store';
import { type LicenceUser, userKeys } from './licence-user';

/** The signed-in user. */
export type Me = LicenceUser;

/** GET /users/me: the signed-in user as the server has them now (role, level, settings). */
export const getMe = (): Promise<Me> => withSilentFailure(() => call(routes.users.me));

export const meQueryOptions = () => queryOptions({ queryKey: userKeys.me(), queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());

/**
 * Who is looking, for what a screen offers: the server's current role once /users/me answered (a role changed
 * by an admin applies at once, SPEC section 6), the token's until then. The server decides anyway.
 */
export function useViewer(): { id: number | undefined; role: Role | undefined; level: Level | undefined } {
  const session = useAppStore((state) => state.user);
  const { data: me } = useMe();
  return { id: me?.id ?? session?.id, role: me?.role ?? session?.claims.role, level: me?.level };
}

/**
 * Whether the viewer reads only (a user of the level 'Other', docs/decisions/090-user-levels.md): screens hide
 * or disable what would change a job offer or an email template. The server refuses it anyway (403).
 */
export const readsOnly = (viewer: { role: Role | undefined; level: Level | undefined }) =>
  viewer.role !== 'admin' && viewer.level === 'other';
