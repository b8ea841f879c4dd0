import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callAll } from '../../api/call';
import { withSilentFailure } from '../../api/silent-failure';
import { type LicenceUser, userKeys } from './licence-user';

/** SPEC section 9: the form's users list is refetched when older than 10 minutes. */
export const LICENCE_USERS_STALE_MS = 600_000;

/** GET /users/, every page merged; a failure of the form's fetches is silent (SPEC section 8). */
export const getLicenceUsers = (): Promise<LicenceUser[]> =>
  withSilentFailure(() => callAll(routes.users.list));

export const licenceUsersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.licence(),
    queryFn: getLicenceUsers,
    staleTime: LICENCE_USERS_STALE_MS,
  });

export const useLicenceUsers = () => useQuery(licenceUsersQueryOptions());
