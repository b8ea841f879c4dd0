import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconPilcrow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Turns the current block back into a plain paragraph; Mantine has no such control. */
export function ParagraphControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control
      aria-label={t('editor.paragraph')}
      title={t('editor.paragraph')}
      active={editor?.isActive('paragraph') ?? false}
      onClick={() => editor?.chain().focus().setParagraph().run()}
    >
      <IconPilcrow size={16} aria-hidden />
    </RichTextEditor.Control>
  );
}
