import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidateNotes, jobApplications, notifications, users } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { enqueue } from '../../jobs/queue.ts';
import { mentionedIds } from '../../lib/rich-text.ts';
import { richText } from '../../lib/rich-text-thread.ts';
import { emitWebhookEvents } from '../webhook-outbox/webhook-outbox.service.ts';
import type { MentionMailJob } from './mention-mail.job.ts';
import { candidateExists, findNote } from './notes.queries.ts';

export type NotesDeps = { db: Db; mentionJob: MentionMailJob; wake: () => void };

/**
 * The note's content sanitised off the event loop, as a template's is (lib/rich-text-thread.ts), with mention
 * nodes kept, and the users it mentions: each must be a user of the licence (422 otherwise).
 */
async function prepareContent(db: Db, caller: Caller, html: string) {
  const content = await richText.sanitizeNote(html);
  if (content.replace(/<[^>]*>/g, '').trim() === '' && !content.includes('<img')) {
    throw new AppError('validation_error', 'The note is empty', {
      extra: { details: [{ path: 'body.content', problem: 'empty', message: 'must not be empty' }] },
    });
  }
  const mentions = mentionedIds(content);
  if (mentions.length > 0) {
    const known = await db
      .select({ id: users.id })
      .from(users)
      .where(and(scoped(users, caller), inArray(users.id, mentions)));
    const ids = new Set(known.map((u) => u.id));
    const stranger = mentions.find((id) => !ids.has(id));
    if (stranger !== undefined) throw new AppError('invalid_reference', `User ${stranger} not found`);
  }
  return { content, mentions };
}

/** One in-app notification per newly mentioned user (the author excepted), and its mail on the queue. */
async function notifyMentions(
  tx: Db,
  deps: NotesDeps,
  caller: Caller,
  note: { id: number; candidateId: number },
  userIds: number[],
) {
  const targets = userIds.filter((id) => id !== caller.userId);
  if (targets.length === 0) return false;
  const rows = await tx
    .insert(notifications)
    .values(
      targets.map((userId) => ({
        licenceId: caller.licenceId,
        userId,
        kind: 'mention',
        candidateId: note.candidateId,
        noteId: note.id,
        actorId: caller.userId,
      })),
    )
    .returning({ id: notifications.id });
  for (const row of rows) {
    await enqueue(tx, deps.mentionJob, { notificationId: row.id, licenceId: caller.licenceId });
  }
  return true;
}

/**
 * Adds a note to a candidate of the licence (404 otherwise), optionally about one of its applications (422 for
 * any other), in one transaction with its notifications and their queued mails.
 */
export async function createNote(
  deps: NotesDeps,
  caller: Caller,
  candidateId: number,
  input: { content: string; job_application_id?: number | undefined },
) {
  const { db } = deps;
  if (!(await candidateExists(db, caller, candidateId, { live: true }))) throw notFound('Candidate');
  const { content, mentions } = await prepareContent(db, caller, input.content);
  if (input.job_application_id !== undefined) {
    const [application] = await db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(
        and(
          scoped(jobApplications, caller),
          eq(jobApplications.id, input.job_application_id),
          eq(jobApplications.candidateId, candidateId),
        ),
      );
    if (!application) throw new AppError('invalid_reference', 'Job application not found');
  }
  const { id, queued } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(candidateNotes)
      .values({
        licenceId: caller.licenceId,
        candidateId,
        jobApplicationId: input.job_application_id ?? null,
        authorId: caller.userId,
        content,
        mentions,
      })
      .returning({ id: candidateNotes.id });
    if (!row) throw new Error('The note was not stored');
    await emitWebhookEvents(tx, caller.licenceId, 'note.created', [row.id]);
    return {
      id: row.id,
      queued: await notifyMentions(tx, deps, caller, { id: row.id, candidateId }, mentions),
    };
  });
  if (queued) deps.wake();
  const note = await findNote(db, caller, id);
  if (!note) throw notFound('Note');
  return note;
}

/** A note the caller may change: its author, or an admin of the licence (403); another licence's is 404. */
async function changeableNote(db: Db, caller: Caller, noteId: number) {
  const note = await findNote(db, caller, noteId);
  if (!note) throw notFound('Note');
  if (caller.role !== 'admin' && note.author?.id !== caller.userId) {
    throw forbidden('Only the author of a note or an admin can change it');
  }
  return note;
}

/** Changes a note's content; users mentioned for the first time are notified. */
export async function updateNote(deps: NotesDeps, caller: Caller, noteId: number, html: string) {
  const { db } = deps;
  const before = await changeableNote(db, caller, noteId);
  const { content, mentions } = await prepareContent(db, caller, html);
  const added = mentions.filter((id) => !before.mentions.includes(id));
  const queued = await db.transaction(async (tx) => {
    const updated = await tx
      .update(candidateNotes)
      .set({ content, mentions, updatedAt: sql`now()` })
      .where(and(scoped(candidateNotes, caller), eq(candidateNotes.id, noteId)))
      .returning({ id: candidateNotes.id });
    if (updated.length === 0) throw notFound('Note');
    return notifyMentions(tx, deps, caller, { id: noteId, candidateId: before.candidate_id }, added);
  });
  if (queued) deps.wake();
  const note = await findNote(db, caller, noteId);
  if (!note) throw notFound('Note');
  return note;
}

/** Deletes a note (its notifications go with it). */
export async function deleteNote(db: Db, caller: Caller, noteId: number) {
  await changeableNote(db, caller, noteId);
  await db.delete(candidateNotes).where(and(scoped(candidateNotes, caller), eq(candidateNotes.id, noteId)));
}
