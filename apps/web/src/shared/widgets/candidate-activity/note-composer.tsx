import { Button, Group, Kbd, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../notifications/toast';
import { showUndoToast } from '../../notifications/undo-toast';
import { useCreateNote, useDeleteNote } from '../../resources/activity/notes';
import { NoteEditor } from './note-editor';

/** The key that opens 'Add a note' (shown beside the button, announced by it). */
const NOTE_SHORTCUT = 'n';

/** 'Add a note' (issue 21): a button (and its key) that opens the rich-text editor, then Save or Cancel. */
export function NoteComposer({
  candidateId,
  jobApplicationId,
}: {
  candidateId: number;
  jobApplicationId?: number | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const create = useCreateNote(candidateId);
  const remove = useDeleteNote(candidateId);
  // Issue 21: a key opens 'Add a note' on the candidate shown (Mantine ignores it while typing in a field).
  useHotkeys([[NOTE_SHORTCUT, () => setOpen(true)]]);
  if (!open) {
    return (
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setOpen(true)}
          aria-keyshortcuts={NOTE_SHORTCUT}
        >
          {t('activity.notes.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('activity.notes.shortcut')} <Kbd size="xs">{NOTE_SHORTCUT.toUpperCase()}</Kbd>
        </Text>
      </Group>
    );
  }
  return (
    <NoteEditor
      value={content}
      onChange={setContent}
      busy={create.isPending}
      autofocus
      onSave={async () => {
        try {
          const note = await create.mutateAsync({ content, jobApplicationId });
          setContent('');
          setOpen(false);
          // Issue 28: every triage action can be taken back for as long as its toast shows.
          showUndoToast(t('activity.notes.added'), () =>
            remove.mutate(note.id, { onSuccess: () => showToast(t('activity.notes.removed'), 'info') }),
          );
        } catch {
          // toasted by the call
        }
      }}
      onCancel={() => setOpen(false)}
    />
  );
}
