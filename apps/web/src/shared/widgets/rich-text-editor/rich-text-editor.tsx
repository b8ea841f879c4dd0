import '@mantine/tiptap/styles.css';
import './prosemirror.css';
import { RichTextEditor as MantineEditor } from '@mantine/tiptap';
import { Image } from '@tiptap/extension-image';
import { Mention } from '@tiptap/extension-mention';
import { useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EDITOR_CONTROLS,
  EDITOR_MIN_HEIGHT,
  type EditorControl,
  type RichTextEditorProps,
} from './editor-controls';
import { ImageControl } from './image-control';
import { LinkControl } from './link-control';
import { mentionSuggestion } from './mention-suggestion';
import { ParagraphControl } from './paragraph-control';

/** How many of its own outputs the editor remembers, to tell them from content set from outside. */
const RECENT_EMITS = 200;

/** The rich-text editor (SPEC section 2): Mantine's TipTap toolbar, with our own link, image and paragraph controls. */
export default function RichTextEditor({
  value,
  onChange,
  label,
  controls = EDITOR_CONTROLS,
  commandsRef,
  readOnly = false,
  mentionables,
  autofocus = false,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  // The HTML this editor handed out lately: a parent that feeds one back as `value` is not setting new content.
  const emitted = useRef(new Set([value]));
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
      Image,
      ...(mentionables
        ? [
            Mention.configure({
              HTMLAttributes: { class: 'mention' },
              suggestion: mentionSuggestion(mentionables, t('activity.notes.mentionList')),
            }),
          ]
        : []),
    ],
    content: value,
    editable: !readOnly,
    // ProseMirror's rules come from prosemirror.css: TipTap's own <style> is removed when an editor unmounts
    // before the next one is in the document, and the editor on screen then wrote typed spaces as U+00A0.
    injectCSS: false,
    editorProps: {
      attributes: { 'aria-label': label ?? t('editor.content'), role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      if (emitted.current.size >= RECENT_EMITS) emitted.current.clear();
      emitted.current.add(html);
      onChange(html);
    },
  });

  // Content set from outside (e.g. a template fetched later) replaces the document without an update event.
  // What the editor itself emitted is not: by the time it comes back as `value`, more may have been typed, and
  // setting it again would drop those keystrokes.
  useEffect(() => {
    if (!editor || emitted.current.has(value) || value === editor.getHTML()) return;
    emitted.current = new Set([value]);
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // The focus is given here, once the view is in the page, not with TipTap's `autofocus`: that one runs on a
  // timer started when the editor is created, during render, on a view still in a detached element; when React
  // commits later than the timer (a busy machine, a lazily loaded editor rendered in slices), the focus went
  // nowhere and `n` opened a note nobody could type in (stop 59's CI run). The editor of a render may be
  // destroyed by then (TipTap replaces an instance not mounted within 1 ms); its successor renders again.
  useEffect(() => {
    if (autofocus && editor && !editor.isDestroyed) editor.commands.focus('end');
  }, [autofocus, editor]);

  useImperativeHandle(
    commandsRef,
    () => ({ insertText: (text: string) => editor?.chain().focus().insertContent(text).run() }),
    [editor],
  );

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
      className={readOnly ? undefined : 'vivier-editor-writable'}
      mih={readOnly ? undefined : EDITOR_MIN_HEIGHT}
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
      {!readOnly && (
        <MantineEditor.Toolbar>
          <MantineEditor.ControlsGroup>{controls.map((name) => control[name])}</MantineEditor.ControlsGroup>
        </MantineEditor.Toolbar>
      )}
      <MantineEditor.Content />
    </MantineEditor>
  );
}
