import { ActionIcon, Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../../shared/resources/tags/tag';
import { TagSearch } from '../../../../shared/widgets/tag-search/tag-search';

export interface CandidateTagsProps {
  tags: Tag[];
  onAdd: (tag: Tag) => Promise<void>;
  onRemove: (tag: Tag) => Promise<void>;
}

/**
 * A candidate's tags: each removable; '+' opens the tag search, which offers 'Create and add tag: {text}' only when
 * the licence's tags rule lets this user create tags (SPEC sections 5 and 6).
 */
export function CandidateTags({ tags, onAdd, onRemove }: CandidateTagsProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {tags.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t('jobOffer.panel.noTag')}
          </Text>
        ) : (
          tags.map((tag) => (
            <Badge
              key={tag.id}
              variant="outline"
              color="indigo.9"
              tt="none"
              size="lg"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('jobOffer.panel.removeTag', { name: tag.name })}
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
          aria-label={t('jobOffer.panel.addTag')}
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
          placeholder={t('jobOffer.panel.tagSearch')}
          createLabel={(text) => t('jobOffer.panel.createTag', { text })}
        />
      )}
    </Stack>
  );
}
