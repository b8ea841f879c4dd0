import { routes } from '@vivier/contract/routes';
import { isApiError } from '../../../shared/api/api-error';
import { call } from '../../../shared/api/call';
import { i18n } from '../../../shared/i18n/i18n';
import { usePipelineWrite, withStatusToast } from './pipeline-cache';

/** The server's answer to deleting a status that holds applications without saying where they go. */
export const isStatusInUse = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.errorCode === 'status_in_use';

/**
 * DELETE /statuses/{id}, with `move_to` for the applications it holds. "In use" is not toasted: the screen asks
 * where to move them. Other failures toast 'The status could not be deleted'.
 */
export const deleteStatus = ({ id, moveTo }: { id: number; moveTo?: number }): Promise<void> =>
  withStatusToast(
    () => call(routes.statuses.remove, { params: { id }, query: { moveTo } }),
    i18n.t('errors.statusDelete'),
    isStatusInUse,
  );

export const useDeleteStatus = () => usePipelineWrite(deleteStatus);
