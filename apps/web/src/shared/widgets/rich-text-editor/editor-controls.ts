import type { Ref } from 'react';

/** The toolbar controls of SPEC section 2, in toolbar order. Screens pick a subset (templates, signatures). */
export const EDITOR_CONTROLS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'h1',
  'h2',
  'h3',
  'paragraph',
  'blockquote',
  'bulletList',
  'orderedList',
  'code',
  'hr',
  'link',
  'image',
] as const;
export type EditorControl = (typeof EDITOR_CONTROLS)[number];

/**
 * The height of an editor one writes in, and of the placeholder shown while its chunk or its content loads: the
 * same, so nothing below moves when the editor arrives (a 160 px placeholder shrinking to a 106 px editor moved
 * the Settings screen's sections under a click).
 */
export const EDITOR_MIN_HEIGHT = 160;

/** What a screen may ask of the editor from outside, e.g. a 'Variables' menu inserting a placeholder. */
export interface EditorCommands {
  /** Inserts text at the cursor (at the end when the editor never had focus) and focuses the editor. */
  insertText(text: string): void;
}

export interface RichTextEditorProps {
  /** HTML content. */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label?: string;
  controls?: readonly EditorControl[];
  /** Filled with the editor's commands once it is loaded (the editor is lazy). */
  commandsRef?: Ref<EditorCommands>;
  /** Shows the content without a toolbar, not editable (a reader's view). */
  readOnly?: boolean;
  /** Typing `@` offers these people and writes a mention node (notes, issue 21); read at each keystroke. */
  mentionables?: () => { id: number; label: string }[];
  /** Puts the caret at the end once loaded (a note opened from its keyboard shortcut is typed into at once). */
  autofocus?: boolean;
}
