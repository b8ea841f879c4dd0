import { Input, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TagListEditor, type TagListProps } from '../../../../shared/widgets/tag-search/tag-list-editor';

export type TagAreaProps = TagListProps;

/** The offer's tags (SPEC section 2): 'This job offer has no tag...' when none, '+' opens the tag search. */
export function TagArea(props: TagAreaProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={t('jobOffers.form.tags')} labelElement="div">
      <Stack gap="xs" mt={4}>
        <TagListEditor {...props} badge={{ variant: 'light', color: 'indigo' }} section="jobOffers.form" />
      </Stack>
    </Input.Wrapper>
  );
}
