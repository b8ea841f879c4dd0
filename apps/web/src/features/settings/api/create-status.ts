import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { i18n } from '../../../shared/i18n/i18n';
import type { Status } from '../../../shared/resources/statuses/get-statuses';
import { usePipelineWrite, withStatusToast } from './pipeline-cache';

/**
 * POST /statuses `{name}`: the server gives the next index and a palette colour not used yet (SPEC section 5).
 * A failure toasts 'The status could not be saved'.
 */
export const createStatus = (name: string): Promise<Status> =>
  withStatusToast(() => call(routes.statuses.create, { body: { name } }), i18n.t('errors.statusSave'));

export const useCreateStatus = () => usePipelineWrite(createStatus);
