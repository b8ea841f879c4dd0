import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { useTagWrite } from './tag-writes-cache';

/** DELETE /tags/{id} (admins only): gone from every candidate and offer; a failure toasts 'The tag could not be deleted'. */
export const deleteTag = (id: number): Promise<void> =>
  withErrorToast(() => call(routes.tags.remove, { params: { id } }), i18n.t('errors.tagDelete'));

export const useDeleteTag = () => useTagWrite(deleteTag, 'everywhere');
