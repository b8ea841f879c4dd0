import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLicenceUsers } from '../../resources/users/get-licence-users';
import { LazyRichTextEditor } from '../rich-text-editor/lazy-rich-text-editor';

/** The rich-text controls of a note (issue 21). */
const NOTE_CONTROLS = ['bold', 'italic', 'underline', 'bulletList', 'orderedList', 'link'] as const;

/** The licence's users as the editor's `@` offers them. */
function useMentionables() {
  const users = useLicenceUsers();
  return () =>
    (users.data ?? []).map((u) => ({
      id: u.id,
      label: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email,
    }));
}

/** A note with no text (only tags, or nothing) cannot be saved, written or edited. */
function isBlank(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').trim() === '';
}

/** A note's editor with Save and Cancel: the same for writing a note and for editing one. */
export function NoteEditor({
  value,
  onChange,
  busy,
  autofocus = false,
  onSave,
  onCancel,
}: {
  value: string;
  onChange: (html: string) => void;
  busy: boolean;
  autofocus?: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const mentionables = useMentionables();
  return (
    <Stack gap="xs">
      <LazyRichTextEditor
        value={value}
        onChange={onChange}
        label={t('activity.notes.editorLabel')}
        controls={NOTE_CONTROLS}
        mentionables={mentionables}
        autofocus={autofocus}
      />
      <Group gap="xs">
        <Button size="compact-sm" loading={busy} disabled={isBlank(value)} onClick={onSave}>
          {t('activity.notes.save')}
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={onCancel}>
          {t('activity.notes.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
