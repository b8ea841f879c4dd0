import { Input, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../../shared/resources/tags/tag';
import { TagListEditor } from '../../../../shared/widgets/tag-search/tag-list-editor';

export interface TagAreaProps {
  tags: Tag[];
  onAdd: (tag: Tag) => Promise<void>;
  onRemove: (tag: Tag) => Promise<void>;
}

/** The offer's tags (SPEC section 2): 'This job offer has no tag...' when none, '+' opens the tag search. */
export function TagArea(props: TagAreaProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('jobOffers.form.tags')} labelElement="div">
      <Stack gap="xs" mt={4}>
        <TagListEditor
          {...props}
          badge={{ variant: 'light', color: 'indigo' }}
          texts={{
            none: t('jobOffers.form.noTag'),
            remove: (name) => t('jobOffers.form.removeTag', { name }),
            add: t('jobOffers.form.addTag'),
            search: t('jobOffers.form.tagSearch'),
            create: (text) => t('jobOffers.form.createTag', { text }),
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
