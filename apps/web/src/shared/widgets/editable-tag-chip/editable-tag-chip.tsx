import { ActionIcon, Badge, Group, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../confirm-popover/confirm-popover';

export interface EditableTagChipProps {
  name: string;
  /** Called with the trimmed new name; never with an empty one (SPEC section 5). */
  onRename: (name: string) => unknown;
  /** Asked through the confirmation popover. Left out, the chip has no delete action. */
  onDelete?: () => unknown;
}

/** A tag chip that can be renamed in place and deleted: Enter submits, Escape cancels (SPEC section 2). */
export function EditableTagChip({ name, onRename, onDelete }: EditableTagChipProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [busy, setBusy] = useState(false);
  const trimmed = draft.trim();

  const cancel = () => {
    setDraft(name);
    setEditing(false);
  };

  const submit = async () => {
    if (trimmed === '' || busy) return;
    if (trimmed === name) return cancel();
    setBusy(true);
    try {
      await onRename(trimmed);
      setEditing(false);
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (editing) {
    return (
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          aria-label={t('tagChip.name')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-autofocus
          autoFocus
        />
        <ActionIcon
          size="sm"
          variant="filled"
          aria-label={t('tagChip.confirm')}
          disabled={trimmed === ''}
          loading={busy}
          onClick={() => void submit()}
        >
          <IconCheck size={14} aria-hidden />
        </ActionIcon>
        <ActionIcon size="sm" variant="default" aria-label={t('tagChip.cancel')} onClick={cancel}>
          <IconX size={14} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }

  return (
    // Mantine's light variant turns solid with an explicit shade, hiding the text: outline keeps it readable.
    <Badge
      size="lg"
      variant="outline"
      color="indigo.9"
      tt="none"
      rightSection={
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            size="xs"
            variant="transparent"
            color="indigo.9"
            aria-label={t('tagChip.edit', { name })}
            onClick={() => {
              setDraft(name);
              setEditing(true);
            }}
          >
            <IconPencil size={12} aria-hidden />
          </ActionIcon>
          {onDelete && (
            <ConfirmPopover onConfirm={onDelete}>
              <ActionIcon
                size="xs"
                variant="transparent"
                color="red.8"
                aria-label={t('tagChip.delete', { name })}
              >
                <IconTrash size={12} aria-hidden />
              </ActionIcon>
            </ConfirmPopover>
          )}
        </Group>
      }
    >
      {name}
    </Badge>
  );
}
