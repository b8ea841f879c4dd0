import { Anchor, Button, Group, Paper, Stack, Text, Typography } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../resources/activity/activity';
import { useDeleteNote, useUpdateNote } from '../../resources/activity/notes';
import { useAppStore } from '../../store/app-store';
import { ConfirmPopover } from '../confirm-popover/confirm-popover';
import { LazyRichTextEditor } from '../rich-text-editor/lazy-rich-text-editor';
import { NOTE_CONTROLS, useMentionables } from './note-composer';
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
  const mentionables = useMentionables();
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
        <Stack gap="xs" mt="xs">
          <LazyRichTextEditor
            value={content}
            onChange={setContent}
            label={t('activity.notes.editorLabel')}
            controls={NOTE_CONTROLS}
            mentionables={mentionables}
          />
          <Group gap="xs">
            <Button
              size="compact-sm"
              loading={update.isPending}
              onClick={async () => {
                try {
                  await update.mutateAsync({ id: note.id, content });
                  setEditing(false);
                } catch {
                  // toasted by the call
                }
              }}
            >
              {t('activity.notes.save')}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(false)}>
              {t('activity.notes.cancel')}
            </Button>
          </Group>
        </Stack>
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
