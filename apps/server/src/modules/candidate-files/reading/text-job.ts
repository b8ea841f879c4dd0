import type { CandidateFileType } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { rawRows } from '../../../db/raw-rows.ts';
import { scopedSql } from '../../../db/tenant-scope.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { periodicJob } from '../../../jobs/periodic.ts';
import { enqueue } from '../../../jobs/queue.ts';
import type { FileStore } from '../file-store.ts';
import { readFileText } from './read-file-text.ts';

const CATCH_UP_EVERY_MS = 10 * 60 * 1000;
/** A file pending for longer than this lost its job (a crash, or uploaded before reading existed). */
const CATCH_UP_AFTER_MS = 5 * 60 * 1000;
const CATCH_UP_BATCH = 500;

const singletonKey = (fileId: number) => `candidate_files.read_text:${fileId}`;

/**
 * Reads one file's text into `candidate_files.text` (decision 186): 'done' with the text, or 'failed' when the
 * file cannot be read (a refusal is the file's fault and is not retried). A database or store error throws and
 * the queue runs it again; on the last run the file is marked failed, so no file stays 'pending' for ever.
 */
export const readTextJob = (store: FileStore) =>
  defineJob({
    name: 'candidate_files.read_text',
    payload: z.strictObject({ licenceId: z.number().int(), fileId: z.number().int() }),
    maxAttempts: 3,
    async run({ licenceId, fileId }, { db, log, isLastAttempt, signal }) {
      const [file] = await rawRows<{ storage_key: string; media_type: string }>(
        db,
        sql`select storage_key, media_type from candidate_files
            where ${scopedSql(undefined, licenceId)} and id = ${fileId} and text_state = 'pending'`,
      );
      if (!file) return { skipped: 'not pending' };
      try {
        const body = await store.get(file.storage_key);
        const result = body
          ? await readFileText(body, file.media_type as CandidateFileType).finally(() => body.destroy())
          : ({ ok: false, refusal: 'unreadable', message: 'The stored object is missing' } as const);
        // The worker stopping closes the reading threads, which fails the reading under way: that is no fault
        // of the file's, so the job is queued again rather than the file marked failed.
        if (!result.ok && signal.aborted) throw new Error('Stopped while reading');
        if (!result.ok)
          log.warn({ fileId, refusal: result.refusal, reason: result.message }, 'file not read');
        await saveText(db, licenceId, fileId, result.ok ? result.text : null);
        return result.ok ? { chars: result.text.length } : { refusal: result.refusal };
      } catch (error) {
        if (isLastAttempt) await saveText(db, licenceId, fileId, null);
        throw error;
      }
    },
  });

/** The text read ('done'), or none ('failed'). */
const saveText = (db: Db, licenceId: number, fileId: number, text: string | null) =>
  db.execute(
    sql`update candidate_files set text = ${text}, text_state = ${text === null ? 'failed' : 'done'}
        where ${scopedSql(undefined, licenceId)} and id = ${fileId}`,
  );

/** Queues the reading of a file; `db` may be the transaction that inserts its row. One queued per file. */
export const enqueueReading = (db: Db, store: FileStore, licenceId: number, fileId: number) =>
  enqueue(db, readTextJob(store), { licenceId, fileId }, { singletonKey: singletonKey(fileId) });

/**
 * Every ten minutes, files still pending a while after their upload are queued again: those uploaded before
 * reading existed and those whose job was lost. At most a batch a run; the next run takes the rest.
 */
export const readPendingJob = (store: FileStore) =>
  periodicJob('candidate_files.read_pending', CATCH_UP_EVERY_MS, async ({ db }) => {
    const files = await rawRows<{ id: number; licence_id: number }>(
      db,
      sql`select id, licence_id from candidate_files
          where text_state = 'pending' and created_at < now() - ${CATCH_UP_AFTER_MS} * interval '1 millisecond'
          order by id limit ${CATCH_UP_BATCH}`,
    );
    let queued = 0;
    for (const file of files) {
      if (await enqueueReading(db, store, Number(file.licence_id), Number(file.id))) queued++;
    }
    return { queued };
  });
