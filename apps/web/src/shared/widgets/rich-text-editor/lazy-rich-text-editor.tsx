import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { EDITOR_MIN_HEIGHT, type RichTextEditorProps } from './editor-controls';

const Editor = lazy(() => import('./rich-text-editor'));

/** The rich-text editor, loaded on first use: it weighs ~150 kB gzip and most screens never show it. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={EDITOR_MIN_HEIGHT} radius="md" />}>
      <Editor {...props} />
    </Suspense>
  );
}
