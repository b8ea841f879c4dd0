import { ActionIcon, Badge, type BadgeProps, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Tag } from '../../resources/tags/tag';
import { TagSearch } from './tag-search';

/** What the editor says, in the words of the screen it sits on. */
export interface TagListTexts {
  none: string;
  remove: (name: string) => string;
  add: string;
  search: string;
  create: (text: string) => string;
}

export interface TagListEditorProps {
  tags: Tag[];
  onAdd: (tag: Tag) => Promise<void>;
  onRemove: (tag: Tag) => Promise<void>;
  texts: TagListTexts;
  badge: Pick<BadgeProps, 'variant' | 'color'>;
}

/**
 * A record's tags (an offer's, a candidate's): each removable, a text when there is none, '+' opens the tag
 * search, which offers to create a tag only when the licence's tags rule lets this user (SPEC sections 2, 5, 6).
 */
export function TagListEditor({ tags, onAdd, onRemove, texts, badge }: TagListEditorProps) {
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {tags.length === 0 ? (
          <Text size="sm" c="gray.8">
            {texts.none}
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
                  aria-label={texts.remove(tag.name)}
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
          aria-label={texts.add}
          aria-expanded={adding}
          onClick={() => setAdding((open) => !open)}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {adding && (
        <TagSearch onOffer={tags} onAdd={onAdd} placeholder={texts.search} createLabel={texts.create} />
      )}
    </Stack>
  );
}
