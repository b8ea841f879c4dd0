import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../../shared/api/call';
import type { Page } from '../../../shared/api/http-client';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { userKeys } from '../../../shared/resources/users/licence-user';
import { USERS_PER_PAGE, type User, type UsersListParams } from '../types';

/** GET /users/: one page, optionally searched; a failure toasts 'The users could not be fetched'. */
export const getUsers = ({ page, search }: UsersListParams): Promise<Page<User>> =>
  withErrorToast(
    () =>
      callPage(routes.users.list, page, USERS_PER_PAGE, {
        query: { filters: { search: search.trim() || undefined } },
      }),
    i18n.t('errors.usersFetch'),
  );

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({ queryKey: userKeys.list(params), queryFn: () => getUsers(params) });

/** The screen's page of users; the previous page stays on screen while the next one loads. */
export const useUsers = (params: UsersListParams) =>
  useQuery({ ...usersQueryOptions(params), placeholderData: keepPreviousData });
