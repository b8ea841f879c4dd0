import { Worker } from 'node:worker_threads';
import type { RichTextReply, RichTextRequest } from './rich-text-worker.ts';

type Pending = { resolve: (value: string) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

/**
 * A thread left with nothing to do for this long ends, and the next call starts another (~0.2 s): its heap and
 * its libraries hold ~35 MB that an idle server gives back (decision 224).
 */
let idleMs = 60_000;
let idleTimer: NodeJS.Timeout | undefined;

/** Ends the thread once nothing has been asked of it for `idleMs`; a call in between starts the wait again. */
function waitForIdle() {
  clearTimeout(idleTimer);
  if (pending.size > 0 || !worker) return;
  const idle = worker;
  idleTimer = setTimeout(() => {
    if (worker !== idle || pending.size > 0) return;
    worker = undefined;
    // Its exit is expected: it must not fail the calls a thread started after it holds.
    idle.removeAllListeners();
    void idle.terminate();
  }, idleMs);
  idleTimer.unref();
}

/** The one rich-text thread, started on first use; it does not keep the process alive. */
function thread(): Worker {
  clearTimeout(idleTimer);
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
    waitForIdle();
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

/** For tests: whether the thread is up, and a shorter wait before an idle thread ends. */
export const richTextThread = {
  running: () => worker !== undefined,
  setIdleMs: (ms: number) => {
    idleMs = ms;
  },
};
