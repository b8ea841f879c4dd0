/**
 * The rich-text thread: sanitize-html on 100 kB of tags takes a few hundred milliseconds, which on the server's
 * thread would stall every request (issue 18). `rich-text-thread.ts` is the other end.
 */
import { parentPort } from 'node:worker_threads';
import { richTextToPlain, sanitizeNote, sanitizeRichText } from './rich-text.ts';

export type RichTextRequest = { id: number; op: 'sanitize' | 'plain' | 'note'; html: string };
export type RichTextReply =
  | { id: number; ok: true; value: string }
  | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('rich-text-worker.ts runs as a worker thread');

port.on('message', ({ id, op, html }: RichTextRequest) => {
  try {
    const value =
      op === 'sanitize' ? sanitizeRichText(html) : op === 'note' ? sanitizeNote(html) : richTextToPlain(html);
    port.postMessage({ id, ok: true, value } satisfies RichTextReply);
  } catch (error) {
    port.postMessage({ id, ok: false, message: (error as Error).message } satisfies RichTextReply);
  }
});
