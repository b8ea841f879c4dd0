import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../shared/widgets/confirm-popover/confirm-popover';
import type { EditorCommands, EditorControl } from '../../../shared/widgets/rich-text-editor/editor-controls';
import { LazyRichTextEditor } from '../../../shared/widgets/rich-text-editor/lazy-rich-text-editor';
import type { TemplateFields } from '../api/save-email-template';
import { VariablesMenu } from './variables-menu';

/** SPEC section 2, Email template modal: bold, underline, italic, strikethrough, ordered and unordered lists, link. */
export const TEMPLATE_CONTROLS: readonly EditorControl[] = [
  'bold',
  'underline',
  'italic',
  'strike',
  'orderedList',
  'bulletList',
  'link',
];

export interface TemplateFormProps {
  fields: TemplateFields;
  onChange: (fields: TemplateFields) => void;
  isNew: boolean;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
  /** Absent for a template not saved yet. */
  onDelete?: () => Promise<unknown>;
  /** The viewer's level reads templates only: the fields show, nothing changes them. */
  readOnly?: boolean;
}

/** Puts `token` in place of the input's selection and leaves the cursor after it. */
function insertInto(input: RefObject<HTMLInputElement | null>, value: string, token: string) {
  const element = input.current;
  const start = element?.selectionStart ?? value.length;
  const end = element?.selectionEnd ?? value.length;
  const next = value.slice(0, start) + token + value.slice(end);
  requestAnimationFrame(() => {
    element?.focus();
    element?.setSelectionRange(start + token.length, start + token.length);
  });
  return next;
}

/** Title (rename), subject, the 'Variables' menu, the editor, and Reset / Save / Delete. */
export function TemplateForm({
  fields,
  onChange,
  isNew,
  dirty,
  saving,
  onSave,
  onReset,
  onDelete,
  readOnly = false,
}: TemplateFormProps) {
  const { t } = useTranslation();
  const subject = useRef<HTMLInputElement>(null);
  const editor = useRef<EditorCommands>(null);
  // The Variables menu writes where the person last typed: the subject or the content (the default).
  const [target, setTarget] = useState<'subject' | 'content'>('content');

  const insert = (token: string) => {
    if (target === 'subject') onChange({ ...fields, subject: insertInto(subject, fields.subject, token) });
    else editor.current?.insertText(token);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('emailTemplates.name')}
        placeholder={t('emailTemplates.newTitle')}
        value={fields.name}
        onChange={(event) => onChange({ ...fields, name: event.currentTarget.value })}
        readOnly={readOnly}
        required
        data-autofocus={isNew || undefined}
      />
      <TextInput
        ref={subject}
        label={t('emailTemplates.subject')}
        value={fields.subject}
        onFocus={() => setTarget('subject')}
        onChange={(event) => onChange({ ...fields, subject: event.currentTarget.value })}
        readOnly={readOnly}
      />
      {!readOnly && (
        <Group justify="flex-end">
          <VariablesMenu onInsert={insert} />
        </Group>
      )}
      {/* Focus inside the editor makes it the Variables menu's target (focus events bubble in React). */}
      <fieldset
        onFocus={() => setTarget('content')}
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      >
        <LazyRichTextEditor
          value={fields.content}
          onChange={(content) => onChange({ ...fields, content })}
          label={t('emailTemplates.content')}
          controls={TEMPLATE_CONTROLS}
          commandsRef={editor}
          readOnly={readOnly}
        />
      </fieldset>
      {readOnly ? (
        <Text size="sm" c="gray.8">
          {t('emailTemplates.readOnly')}
        </Text>
      ) : (
        <Group justify="space-between">
          <Group gap="xs">
            {onDelete && (
              <ConfirmPopover onConfirm={onDelete}>
                <Button variant="subtle" color="red.8" leftSection={<IconTrash size={16} aria-hidden />}>
                  {t('emailTemplates.delete')}
                </Button>
              </ConfirmPopover>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onReset} disabled={!dirty || saving}>
              {t('emailTemplates.reset')}
            </Button>
            <Button
              onClick={onSave}
              loading={saving}
              disabled={(!dirty && !isNew) || fields.name.trim() === ''}
            >
              {t('emailTemplates.save')}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
