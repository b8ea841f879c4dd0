import { withErrorToast } from '../../../shared/api/notify-error';
import { mainService } from '../../../shared/api/services';
import { i18n } from '../../../shared/i18n/i18n';
import type { Tag } from '../../../shared/resources/tags/tag';
import { useTagWrite } from './tag-writes-cache';

/** POST /tags `{name}` from tag management; a failure toasts 'The tag could not be added'. */
export const addTag = (name: string): Promise<Tag> =>
  withErrorToast(() => mainService.post<Tag>('/tags', { name }), i18n.t('errors.tagAdd'));

export const useAddTag = () => useTagWrite(addTag, 'tags');
