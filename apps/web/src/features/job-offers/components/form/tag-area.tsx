import { ActionIcon, Badge, CloseButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../../shared/resources/tags/tag';
import { TagSearch } from '../../../../shared/widgets/tag-search/tag-search';

export interface TagAreaProps {
  tags: Tag[];
  onAdd: (tag: Tag) => Promise<void>;
  onRemove: (tag: Tag) => Promise<void>;
}

/** The offer's tags (SPEC section 2): 'This job offer has no tag...' when none, '+' opens the tag search. */
export function TagArea({ tags, onAdd, onRemove }: TagAreaProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Input.Wrapper label={t('jobOffers.form.tags')} labelElement="div">
      <Stack gap="xs" mt={4}>
        <Group gap="xs">
          {tags.length === 0 ? (
            <Text size="sm" c="gray.8">
              {t('jobOffers.form.noTag')}
            </Text>
          ) : (
            tags.map((tag) => (
              <Badge
                key={tag.id}
                variant="light"
                color="indigo"
                tt="none"
                size="lg"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('jobOffers.form.removeTag', { name: tag.name })}
                    onClick={() => void onRemove(tag)}
                  />
                }
              >
                {tag.name}
              </Badge>
            ))
          )}
          <ActionIcon
            variant="light"
            aria-label={t('jobOffers.form.addTag')}
            aria-expanded={adding}
            onClick={() => setAdding((open) => !open)}
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {adding && (
          <TagSearch
            onOffer={tags}
            onAdd={onAdd}
            placeholder={t('jobOffers.form.tagSearch')}
            createLabel={(text) => t('jobOffers.form.createTag', { text })}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
