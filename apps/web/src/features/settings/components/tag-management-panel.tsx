import { ActionIcon, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableTagChip } from '../../../shared/widgets/editable-tag-chip/editable-tag-chip';
import { useDeleteTag } from '../api/delete-tag';
import { useManagedTags } from '../api/managed-tags';
import { useRenameTag } from '../api/rename-tag';
import { NewTagForm } from './new-tag-form';

/**
 * Tag management (SPEC section 2 and 6, admins): every tag of the licence, each editable and deletable; '+'
 * opens a blank new-tag form that closes once the tag is created (SPEC section 4, "Tag panel"). The tags load
 * when the panel opens.
 */
export function TagManagementPanel({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const tags = useManagedTags(opened);
  const rename = useRenameTag();
  const remove = useDeleteTag();
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="sm">
      {tags.isPending && tags.fetchStatus !== 'idle' && <Skeleton height={60} radius="md" />}
      {tags.data && tags.data.length === 0 && (
        <Text size="sm" c="gray.8">
          {t('settings.noTags')}
        </Text>
      )}
      <Group
        gap="xs"
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('settings.tags')}
      >
        {tags.data?.map((tag) => (
          <li key={tag.id}>
            <EditableTagChip
              name={tag.name}
              onRename={(name) => rename.mutateAsync({ id: tag.id, name })}
              onDelete={() => remove.mutateAsync(tag.id)}
            />
          </li>
        ))}
        <li>
          <ActionIcon
            variant="light"
            color="indigo.9"
            aria-label={t('settings.addTag')}
            aria-expanded={adding}
            onClick={() => setAdding((open) => !open)}
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        </li>
      </Group>
      {adding && <NewTagForm onCreated={() => setAdding(false)} onCancel={() => setAdding(false)} />}
    </Stack>
  );
}
