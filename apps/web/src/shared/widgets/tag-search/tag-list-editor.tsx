import { ActionIcon, Badge, type BadgeProps, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../resources/tags/tag';
import { TagSearch } from './tag-search';

/** A record's tags and the writes that change them: what each screen hands its tag editor. */
export interface TagListProps {
  tags: Tag[];
  onAdd: (tag: Tag) => Promise<void>;
  onRemove: (tag: Tag) => Promise<void>;
}

export interface TagListEditorProps extends TagListProps {
  /**
   * The catalogue section that words the editor in the screen's terms (`jobOffers.form`, `jobOffer.panel`),
   * under the same five keys: noTag, removeTag, addTag, tagSearch, createTag.
   */
  section: string;
  badge: Pick<BadgeProps, 'variant' | 'color'>;
}

/**
 * A record's tags (an offer's, a candidate's): each removable, a text when there is none, '+' opens the tag
 * search, which offers to create a tag only when the licence's tags rule lets this user (SPEC sections 2, 5, 6).
 */
export function TagListEditor({ tags, onAdd, onRemove, section, badge }: TagListEditorProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {tags.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t(`${section}.noTag`)}
          </Text>
        ) : (
          tags.map((tag) => (
            <Badge
              key={tag.id}
              {...badge}
              tt="none"
              size="lg"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t(`${section}.removeTag`, { name: tag.name })}
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
          aria-label={t(`${section}.addTag`)}
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
          placeholder={t(`${section}.tagSearch`)}
          createLabel={(text) => t(`${section}.createTag`, { text })}
        />
      )}
    </Stack>
  );
}
