import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../../shared/resources/tags/tag';
import { TagListEditor } from '../../../../shared/widgets/tag-search/tag-list-editor';

export interface CandidateTagsProps {
  tags: Tag[];
  onAdd: (tag: Tag) => Promise<void>;
  onRemove: (tag: Tag) => Promise<void>;
}

/**
 * A candidate's tags: each removable; '+' opens the tag search, which offers 'Create and add tag: {text}' only when
 * the licence's tags rule lets this user create tags (SPEC sections 5 and 6).
 */
export function CandidateTags(props: CandidateTagsProps) {
  const { t } = useTranslation();
  return (
    <TagListEditor
      {...props}
      badge={{ variant: 'outline', color: 'indigo.9' }}
      texts={{
        none: t('jobOffer.panel.noTag'),
        remove: (name) => t('jobOffer.panel.removeTag', { name }),
        add: t('jobOffer.panel.addTag'),
        search: t('jobOffer.panel.tagSearch'),
        create: (text) => t('jobOffer.panel.createTag', { text }),
      }}
    />
  );
}
