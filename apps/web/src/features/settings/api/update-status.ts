import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { i18n } from '../../../shared/i18n/i18n';
import type { Status } from '../../../shared/resources/statuses/get-statuses';
import { usePipelineWrite, withStatusToast } from './pipeline-cache';

export interface StatusChange {
  id: number;
  name?: string;
  color?: string;
  /** The position to move to, 0 first. */
  index?: number;
  /** Moving here asks for a rejection reason (issue 21). */
  rejected?: boolean;
}

/** PATCH /statuses/{id}: rename, recolour or move; a failure toasts 'The status could not be updated'. */
export const updateStatus = ({ id, ...fields }: StatusChange): Promise<Status> =>
  withStatusToast(
    () => call(routes.statuses.update, { params: { id }, body: fields }),
    i18n.t('errors.statusUpdate'),
  );

export const useUpdateStatus = () => usePipelineWrite(updateStatus);
