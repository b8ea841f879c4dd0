import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CandidateFile, CandidateFileType } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { candidateFiles } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { lockCandidate } from '../candidates/candidate-lock.ts';
import { findFile, presentFile } from './candidate-files.queries.ts';
import { diskFileStore } from './disk-file-store.ts';
import { FileInspector } from './file-inspector.ts';
import { type FileStore, newStorageKey } from './file-store.ts';
import { detectMediaType } from './media-type.ts';
import { readBytes, zipBombRefusal } from './reading/read-file-text.ts';
import { enqueueReading } from './reading/text-job.ts';

// The store's interface, for the modules that delete a candidate's objects (erasure, decision 193).
export type { FileStore };
// Other modules that record a file queue its reading through here (the careers apply form, decision 191).
export { enqueueReading };

import { s3FileStore } from './s3-file-store.ts';

export type FilesDeps = { db: Db; store: FileStore; maxFileBytes: number };

/**
 * The store of candidates' files: an S3-compatible bucket when one is configured (decision 187), else on disk
 * under the data directory (decision 184), with nothing to configure.
 */
export const fileStoreFor = (config: Pick<Config, 'dataDir' | 's3'>): FileStore =>
  config.s3 ? s3FileStore(config.s3) : diskFileStore(config.dataDir);

/** An uploaded part as @fastify/multipart gives it: `truncated` once more than the limit was sent. */
export type UploadedPart = { filename: string; file: Readable & { truncated?: boolean } };

/** What a name may be shown as: the uploader's, without control characters, at most 255 characters. */
const displayName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file';

/** An upload stored and checked: its object's key, its type read from its bytes, its size and display name. */
export type ReceivedFile = { key: string; mediaType: CandidateFileType; size: number; name: string };

/**
 * Stores an upload and checks it (decision 184). The bytes stream to the store as they come (never held
 * whole), then their type is read from the stored object, and a DOCX or ODT's expanded size (decision 186); a
 * refused or oversized file's object is deleted before throwing. The caller records the row, and deletes the
 * object if that fails (`discardOnError`).
 */
export async function receiveFile(
  store: FileStore,
  part: UploadedPart,
  maxFileBytes: number,
): Promise<ReceivedFile> {
  const key = newStorageKey();
  const inspector = new FileInspector();
  const piping = pipeline(part.file, inspector);
  piping.catch(() => {}); // its error is put's too: awaited below
  await store.put(key, inspector);
  await piping;
  return discardOnError(store, key, async () => {
    if (part.file.truncated) throw new AppError('payload_too_large', 'The file is larger than the limit');
    if (inspector.size === 0) throw badRequest('The file is empty');
    const stored = await store.get(key);
    if (!stored) throw new Error(`The object ${key} was just written and is not there`);
    const mediaType = await detectMediaType(stored, inspector, part.filename);
    if (!mediaType) {
      throw new AppError('unsupported_file_type', 'The file is not a PDF, DOCX, ODT or text file');
    }
    await refuseZipBomb(store, key, mediaType, maxFileBytes);
    return { key, mediaType, size: inspector.size, name: displayName(part.filename) };
  });
}

/**
 * A DOCX or ODT whose central directory says it expands past the bound is refused at upload (decision 186):
 * 415 `unsupported_file_type`, as any file that is not a document taken, with the reason in the message. The
 * object is read back whole, at most the upload limit, only for these two types.
 */
async function refuseZipBomb(store: FileStore, key: string, mediaType: CandidateFileType, maxBytes: number) {
  if (mediaType === 'application/pdf' || mediaType === 'text/plain') return;
  const stored = await store.get(key);
  const bytes = stored && (await readBytes(stored, maxBytes));
  if (!bytes) throw new Error(`The object ${key} was just written and cannot be read back`);
  const refusal = await zipBombRefusal(bytes, mediaType);
  if (refusal) throw new AppError('unsupported_file_type', refusal.message);
}

/** Runs `work`; if it throws, the object `key` is deleted first (it would be no row's). */
export async function discardOnError<T>(store: FileStore, key: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    await store.delete(key);
    throw error;
  }
}

/**
 * Stores an upload and records it (decision 184). The object is written before the row: a crash between
 * leaves an object without a row, which the sweeper removes, never a row without its object.
 */
export async function uploadFile(
  deps: FilesDeps,
  caller: Caller,
  candidateId: number,
  part: UploadedPart,
): Promise<CandidateFile> {
  const received = await receiveFile(deps.store, part, deps.maxFileBytes);
  return discardOnError(deps.store, received.key, async () => {
    // The row and the job that reads its text are written together: no file without its reading queued.
    const [row] = await deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(candidateFiles)
        .values({
          licenceId: caller.licenceId,
          candidateId,
          uploaderId: caller.userId,
          name: received.name,
          storageKey: received.key,
          mediaType: received.mediaType,
          size: received.size,
        })
        .returning({ id: candidateFiles.id });
      if (inserted[0]) await enqueueReading(tx, deps.store, caller.licenceId, inserted[0].id);
      return inserted;
    });
    const file = row && (await findFile(deps.db, caller, candidateId, row.id));
    if (!file) throw new Error('The file just recorded is not there');
    return presentFile(file);
  });
}

/** Deletes a file: its uploader or an admin (403 for anyone else). The row first; the object then, or by the sweeper. */
export async function deleteFile(deps: FilesDeps, caller: Caller, candidateId: number, fileId: number) {
  const file = await findFile(deps.db, caller, candidateId, fileId);
  if (!file) throw notFound('File');
  if (caller.role !== 'admin' && file.uploader_id !== caller.userId) {
    throw forbidden('Only the person who added a file or an admin can delete it');
  }
  await deps.db
    .delete(candidateFiles)
    .where(and(scoped(candidateFiles, caller), eq(candidateFiles.id, fileId)));
  await deps.store.delete(file.storage_key);
}

/** Marks a file as the candidate's CV; the one marked before is no longer (one per candidate, a unique index). */
export async function markCv(db: Db, caller: Caller, candidateId: number, fileId: number) {
  const file = await findFile(db, caller, candidateId, fileId);
  if (!file) throw notFound('File');
  await db.transaction(async (tx) => {
    // Two marks of one candidate's files at once take turns behind the candidate (the last one wins), rather
    // than one failing on the unique index.
    await lockCandidate(tx, caller.licenceId, candidateId);
    // Two statements: a unique index is checked row by row, so one update swapping the flag could collide.
    await tx
      .update(candidateFiles)
      .set({ isCv: false })
      .where(and(scoped(candidateFiles, caller), eq(candidateFiles.candidateId, candidateId), sql`is_cv`));
    await tx
      .update(candidateFiles)
      .set({ isCv: true })
      .where(and(scoped(candidateFiles, caller), eq(candidateFiles.id, fileId)));
  });
  return presentFile({ ...file, is_cv: true });
}
