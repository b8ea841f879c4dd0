import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddTag } from '../api/add-tag';

export interface NewTagFormProps {
  onCreated: () => void;
  onCancel: () => void;
}

/** A blank new-tag form: Enter or the check creates the tag (never with an empty name), Escape cancels. */
export function NewTagForm({ onCreated, onCancel }: NewTagFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const add = useAddTag();
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || add.isPending) return;
    try {
      await add.mutateAsync(trimmed);
      onCreated();
    } catch {
      // toasted: 'The tag could not be added'; the form stays open with the name
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <Group component="form" gap={4} wrap="nowrap" onSubmit={(event) => void submit(event)}>
      <TextInput
        size="xs"
        aria-label={t('settings.newTag')}
        placeholder={t('settings.newTag')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoFocus
      />
      <ActionIcon
        type="submit"
        size="sm"
        variant="filled"
        aria-label={t('settings.createTag')}
        disabled={trimmed === ''}
        loading={add.isPending}
      >
        <IconCheck size={14} aria-hidden />
      </ActionIcon>
      <ActionIcon size="sm" variant="default" aria-label={t('common.cancel')} onClick={onCancel}>
        <IconX size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
