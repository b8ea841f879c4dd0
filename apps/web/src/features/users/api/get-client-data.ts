import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callAll } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { userKeys } from '../../../shared/resources/users/licence-user';
import type { ClientData } from '../types';

/** SPEC section 9: users client data is fetched 100 per page. */
export const CLIENT_DATA_PER_PAGE = 100;

/**
 * GET /client_data, every page merged, as a map by user id; a failure toasts 'The users data could not be
 * fetched' (SPEC section 8).
 */
export const getClientData = async (): Promise<Map<number, ClientData>> => {
  const records = await withErrorToast(
    () => callAll(routes.clientData.list, { query: { perPage: CLIENT_DATA_PER_PAGE } }),
    i18n.t('errors.usersDataFetch'),
  );
  return new Map(records.map((record) => [record.userId, record]));
};

export const clientDataQueryOptions = () =>
  queryOptions({ queryKey: userKeys.clientData(), queryFn: getClientData });

/** The licence's client-data records, loaded when the users screen opens (SPEC section 2). */
export const useClientData = () => useQuery(clientDataQueryOptions());
