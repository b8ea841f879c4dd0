import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import type { Tag } from '../../../shared/resources/tags/tag';
import { useTagWrite } from './tag-writes-cache';

/** POST /tags `{name}` from tag management; a failure toasts 'The tag could not be added'. */
export const addTag = (name: string): Promise<Tag> =>
  withErrorToast(() => call(routes.tags.create, { body: { name } }), i18n.t('errors.tagAdd'));

export const useAddTag = () => useTagWrite(addTag, 'tags');
