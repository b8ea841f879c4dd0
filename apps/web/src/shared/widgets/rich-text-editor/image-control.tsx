import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { profileHref } from '../social-row/social-row';

/** Inserts an image from an address typed in a prompt (SPEC section 2). Only http(s) addresses are taken. */
export function ImageControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control
      aria-label={t('editor.image')}
      title={t('editor.image')}
      onClick={() => {
        const answer = window.prompt(t('editor.imagePrompt'));
        const src = answer ? profileHref(answer) : undefined;
        if (src) editor?.chain().focus().setImage({ src }).run();
      }}
    >
      <IconPhoto size={16} aria-hidden />
    </RichTextEditor.Control>
  );
}
