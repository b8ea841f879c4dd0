import type { Readable } from 'node:stream';
import type { CandidateFileType } from '@vivier/contract';
import { READING_LIMITS, type ReadingLimits } from './limits.ts';
import { type ReadingPool, readingPool } from './reading-pool.ts';
import { zipBound } from './zip-bound.ts';

/** Why a file's text was not read: too large to read, a zip bomb, a reading that failed or ran out of time. */
export type ReadingRefusal = 'too_large' | 'zip_bomb' | 'unreadable' | 'timeout';
export type ReadingResult<T extends string = 'text'> =
  | ({ ok: true } & Record<T, string>)
  | { ok: false; refusal: ReadingRefusal; message: string };

const ZIPPED: CandidateFileType[] = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
];

let shared: ReadingPool | undefined;
/** The process's reading threads, started on first use. */
const pool = () => {
  shared ??= readingPool(READING_LIMITS);
  return shared;
};
/** Stops the reading threads (the app's close, the tests' end). */
export async function closeReadingPool() {
  const closing = shared;
  shared = undefined;
  await closing?.close();
}

/** The bytes of a stream, or undefined past `max` (what was read so far is dropped, the stream destroyed). */
export async function readBytes(input: Buffer | Readable, max: number): Promise<Buffer | undefined> {
  if (Buffer.isBuffer(input)) return input.length > max ? undefined : input;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += (chunk as Buffer).length;
    if (size > max) {
      input.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Whether a DOCX or ODT is a zip bomb (decision 186): refused when its central directory says it expands past
 * `maxExpandedBytes` or holds more entries than a document does. Read without inflating anything, so it is
 * cheap enough for an upload's request; undefined when the file passes (or is no zip type); a zip that
 * cannot be opened is `unreadable`.
 */
export async function zipBombRefusal(
  bytes: Buffer,
  mediaType: CandidateFileType,
  limits: ReadingLimits = READING_LIMITS,
) {
  if (!ZIPPED.includes(mediaType)) return undefined;
  const bound = await zipBound(bytes, limits.maxZipEntries);
  if (!bound)
    return { refusal: 'unreadable', message: 'The document is a zip archive that cannot be opened' } as const;
  if (bound.entries > limits.maxZipEntries || bound.expandedBytes > limits.maxExpandedBytes) {
    const mb = Math.round(limits.maxExpandedBytes / 1024 / 1024);
    return {
      refusal: 'zip_bomb',
      message: `The document would expand to more than ${mb} MB or ${limits.maxZipEntries} parts when opened: it is refused as a zip bomb`,
    } as const;
  }
  return undefined;
}

async function run<T extends string>(
  key: T,
  op: 'text' | 'html',
  input: Buffer | Readable,
  mediaType: CandidateFileType,
  limits: ReadingLimits,
): Promise<ReadingResult<T>> {
  const bytes = await readBytes(input, limits.maxInputBytes);
  if (!bytes) return { ok: false, refusal: 'too_large', message: 'The file is larger than can be read' };
  const bomb = await zipBombRefusal(bytes, mediaType, limits);
  if (bomb) return { ok: false, ...bomb };
  const threads = limits === READING_LIMITS ? pool() : readingPool(limits);
  try {
    const value = await threads.run({
      op,
      bytes,
      mediaType,
      maxTextChars: limits.maxTextChars,
      maxEntryBytes: limits.maxExpandedBytes,
    });
    return { ok: true, [key]: value } as { ok: true } & Record<T, string>;
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      return {
        ok: false,
        refusal: 'timeout',
        message: `Reading the file took more than ${limits.timeoutMs / 1000} s`,
      };
    }
    return { ok: false, refusal: 'unreadable', message: (error as Error).message.slice(0, 500) };
  } finally {
    if (threads !== shared) await threads.close();
  }
}

/**
 * The text of a candidate's file (issue 22, decision 186), read on a reading thread: PDF, DOCX, ODT or text,
 * at most `maxTextChars` characters. Bytes or a stream; never throws for the file's sake: a file too large, a
 * zip bomb, one that fails to parse or takes longer than `timeoutMs` answers a refusal. The job that fills
 * `candidate_files.text` calls it, and so can any module holding a file (creating candidates from CVs).
 */
export const readFileText = (
  input: Buffer | Readable,
  mediaType: CandidateFileType,
  limits: ReadingLimits = READING_LIMITS,
) => run('text', 'text', input, mediaType, limits);

/** A DOCX or ODT as one sanitised HTML page for the preview, converted on a reading thread like the text. */
export const readFileHtml = (
  input: Buffer | Readable,
  mediaType: CandidateFileType,
  limits: ReadingLimits = READING_LIMITS,
) => run('html', 'html', input, mediaType, limits);
