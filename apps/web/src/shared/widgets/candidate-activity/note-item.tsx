import { Anchor, Box, Group, Paper, Text, Typography } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../resources/activity/activity';
import { useDeleteNote, useUpdateNote } from '../../resources/activity/notes';
import { useAppStore } from '../../store/app-store';
import { ConfirmPopover } from '../confirm-popover/confirm-popover';
import { NoteEditor } from './note-editor';
import { When } from './when';

/** A note of the activity: its author and time; its author or an admin edits or deletes it. */
export function NoteItem({
  note,
  candidateId,
  language,
}: {
  note: Note;
  candidateId: number;
  language: string;
}) {
  const { t } = useTranslation();
  const me = useAppStore((s) => s.user);
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(note.content);
  const update = useUpdateNote(candidateId);
  const remove = useDeleteNote(candidateId);
  const mine = me !== null && (me.role === 'admin' || note.author?.id === me.id);
  const author = note.author?.name ?? t('activity.someone');
  return (
    <Paper withBorder p="xs" radius="sm" aria-label={t('activity.notes.by', { name: author })}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t('activity.notes.by', { name: author })}
        </Text>
        <Group gap={6}>
          <When at={note.createdAt} language={language} />
          {note.updatedAt !== note.createdAt && (
            <Text size="xs" c="gray.7">
              ({t('activity.notes.edited')})
            </Text>
          )}
        </Group>
      </Group>
      {editing ? (
        <Box mt="xs">
          <NoteEditor
            value={content}
            onChange={setContent}
            busy={update.isPending}
            onSave={async () => {
              try {
                await update.mutateAsync({ id: note.id, content });
                setEditing(false);
              } catch {
                // toasted by the call
              }
            }}
            onCancel={() => setEditing(false)}
          />
        </Box>
      ) : (
        <Typography fz="sm" mt={4}>
          {/* Sanitised by the server with the editor's allow-list (decision 171). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
          <div dangerouslySetInnerHTML={{ __html: note.content }} />
        </Typography>
      )}
      {mine && !editing && (
        <Group gap="xs" mt={4}>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => {
              setContent(note.content);
              setEditing(true);
            }}
          >
            {t('activity.notes.edit')}
          </Anchor>
          <ConfirmPopover text={t('activity.notes.confirmDelete')} onConfirm={() => remove.mutate(note.id)}>
            <Anchor component="button" type="button" size="xs" c="red.8">
              {t('activity.notes.delete')}
            </Anchor>
          </ConfirmPopover>
        </Group>
      )}
    </Paper>
  );
}
