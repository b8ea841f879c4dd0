import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { useMemo } from 'react';
import { callAll } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { type Status, statusKeys } from './status';

/** GET /statuses: the pipeline in order; a failure toasts 'The statuses could not be fetched'. */
export const getStatuses = (): Promise<Status[]> =>
  withErrorToast(() => callAll(routes.statuses.list), i18n.t('errors.statusesFetch'));

export const statusesQueryOptions = () =>
  queryOptions({ queryKey: statusKeys.all, queryFn: getStatuses, staleTime: 60_000 });

export const useStatuses = (enabled = true) => useQuery({ ...statusesQueryOptions(), enabled });

/**
 * The ids of the statuses marked rejected (issue 21): a move there asks why first, on the board and on the export
 * screen. `pending` until the pipeline has loaded, when no id is known yet.
 */
export function useRejectedStatusIds() {
  const statuses = useStatuses();
  const ids = useMemo(
    () => new Set((statuses.data ?? []).filter((status) => status.rejected).map((status) => status.id)),
    [statuses.data],
  );
  return { ids, pending: statuses.isPending };
}

export type { Status } from './status';
