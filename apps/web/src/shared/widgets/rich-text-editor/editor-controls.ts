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

export interface RichTextEditorProps {
  /** HTML content. */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label?: string;
  controls?: readonly EditorControl[];
}
