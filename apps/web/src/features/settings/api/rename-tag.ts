import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import type { Tag } from '../../../shared/resources/tags/tag';
import { useTagWrite } from './tag-writes-cache';

/**
 * PATCH /tags/{id} `{name}` (admins only). SPEC section 8 has no rename message: a failure toasts the server's
 * reason (e.g. 'conflict: A tag with this name already exists'), else 'Error during the process'.
 */
export const renameTag = ({ id, name }: { id: number; name: string }): Promise<Tag> =>
  withErrorToast(
    () => call(routes.tags.rename, { params: { id }, body: { name } }),
    i18n.t('errors.generic'),
  );

export const useRenameTag = () => useTagWrite(renameTag, 'everywhere');
