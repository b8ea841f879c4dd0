import '@mantine/tiptap/styles.css';
import { RichTextEditor as MantineEditor } from '@mantine/tiptap';
import { Image } from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cspNonce } from '../../nonce';
import { EDITOR_CONTROLS, type EditorControl, type RichTextEditorProps } from './editor-controls';
import { ImageControl } from './image-control';
import { LinkControl } from './link-control';
import { ParagraphControl } from './paragraph-control';

/** The rich-text editor (SPEC section 2): Mantine's TipTap toolbar, with our own link, image and paragraph controls. */
export default function RichTextEditor({
  value,
  onChange,
  label,
  controls = EDITOR_CONTROLS,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } }), Image],
    content: value,
    // TipTap writes its own <style>: it must carry the CSP nonce (DESIGN section 2).
    injectNonce: cspNonce(),
    editorProps: {
      attributes: { 'aria-label': label ?? t('editor.content'), role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  // Content set from outside (e.g. a template fetched later) replaces the document without an update event.
  useEffect(() => {
    if (editor && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const control: Record<EditorControl, ReactNode> = {
    bold: <MantineEditor.Bold key="bold" />,
    italic: <MantineEditor.Italic key="italic" />,
    underline: <MantineEditor.Underline key="underline" />,
    strike: <MantineEditor.Strikethrough key="strike" />,
    h1: <MantineEditor.H1 key="h1" />,
    h2: <MantineEditor.H2 key="h2" />,
    h3: <MantineEditor.H3 key="h3" />,
    paragraph: <ParagraphControl key="paragraph" />,
    blockquote: <MantineEditor.Blockquote key="blockquote" />,
    bulletList: <MantineEditor.BulletList key="bulletList" />,
    orderedList: <MantineEditor.OrderedList key="orderedList" />,
    code: <MantineEditor.Code key="code" />,
    hr: <MantineEditor.Hr key="hr" />,
    link: <LinkControl key="link" />,
    image: <ImageControl key="image" />,
  };

  return (
    <MantineEditor
      editor={editor}
      labels={{
        boldControlLabel: t('editor.bold'),
        italicControlLabel: t('editor.italic'),
        underlineControlLabel: t('editor.underline'),
        strikeControlLabel: t('editor.strike'),
        h1ControlLabel: t('editor.h1'),
        h2ControlLabel: t('editor.h2'),
        h3ControlLabel: t('editor.h3'),
        blockquoteControlLabel: t('editor.blockquote'),
        bulletListControlLabel: t('editor.bulletList'),
        orderedListControlLabel: t('editor.orderedList'),
        codeControlLabel: t('editor.code'),
        hrControlLabel: t('editor.hr'),
      }}
    >
      <MantineEditor.Toolbar>
        <MantineEditor.ControlsGroup>{controls.map((name) => control[name])}</MantineEditor.ControlsGroup>
      </MantineEditor.Toolbar>
      <MantineEditor.Content />
    </MantineEditor>
  );
}
