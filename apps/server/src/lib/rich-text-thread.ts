import { Worker } from 'node:worker_threads';
import type { RichTextReply, RichTextRequest } from './rich-text-worker.ts';

type Pending = { resolve: (value: string) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

/** The one rich-text thread, started on first use; it does not keep the process alive. */
function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./rich-text-worker.ts', import.meta.url), {
    // Sanitising a document allocates little that outlives it (decision 204).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  started.unref();
  started.on('message', (reply: RichTextReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new Error(reply.message));
  });
  // A thread that died fails what it held; the next call starts a new one.
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`The rich-text thread exited (code ${code})`)));
  worker = started;
  return started;
}

function call(op: RichTextRequest['op'], html: string): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread().postMessage({ id, op, html } satisfies RichTextRequest);
  });
}

/**
 * Rich text off the server's thread (lib/rich-text.ts runs on a worker thread): parsing 100 kB of adversarial
 * HTML costs hundreds of milliseconds, which would hold every other request, health included (issue 18,
 * decision 130). Calls queue on the one thread, in order.
 */
export const richText = {
  /** `sanitizeRichText`: the editor's allow-list. */
  sanitize: (html: string) => call('sanitize', html),
  /** `richTextToPlain`: the plain-text part of a message from its sanitised HTML. */
  toPlain: (html: string) => call('plain', html),
  /** `sanitizeNote`: the allow-list plus TipTap's mention nodes (issue 21). */
  sanitizeNote: (html: string) => call('note', html),
};
