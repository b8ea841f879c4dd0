import { RetentionAction, RetentionMonths } from '@vivier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import {
  candidateConsents,
  candidates,
  retentionExclusions,
  retentionNotices,
} from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { enqueue } from '../../jobs/queue.ts';
import { recordAudit, userActor } from '../audit/audit.service.ts';
import { lockCandidate, lockCandidates } from '../candidates/candidate-lock.ts';
import { eraseCandidates } from '../privacy/erasure.service.ts';
import { readGlobalSetting } from '../settings/global-settings.ts';
import { assertCanManageRetention } from './retention.policy.ts';
import { type DueCandidate, dueCandidates, licencesWithRetention, NOTICE_DAYS } from './retention.queries.ts';
import type { RetentionMailJob } from './retention-mail.job.ts';

/** Candidates erased per transaction: a licence's backlog goes in steps, each whole or not at all. */
const ERASE_BATCH = 200;
/** How far ahead the admins' list looks: the notices to come and the next month's erasures. */
export const LIST_HORIZON_DAYS = 2 * NOTICE_DAYS;

const monthsOf = (value: string | null) => {
  const parsed = RetentionMonths.safeParse(value);
  const months = parsed.success ? parsed.data : RetentionMonths.parse('24');
  return months === 'off' ? null : Number(months);
};

/**
 * One daily run of retention (issue 24, decision 195) at `now`, over every licence whose retention is on:
 * first the notices (one per candidate and period, with email, 30 days before), then the erasures of the
 * candidates whose time is up, each batch in one transaction with the erasure service and a `retention.run`
 * entry counting it. Idempotent: a second run at the same `now` finds nothing to mail and nothing to erase.
 */
export async function runRetention(db: Db, mailJob: RetentionMailJob, now = new Date()) {
  const totals = { licences: 0, noticed: 0, erased: 0 };
  for (const licence of await licencesWithRetention(db)) {
    const months = monthsOf(licence.months);
    if (months === null) continue;
    const action = RetentionAction.safeParse(licence.action).data ?? 'erase';
    totals.licences++;
    const noticed = await sendNotices(db, mailJob, { licenceId: licence.licenceId, months, now });
    const erased = await eraseDue(db, { licenceId: licence.licenceId, months, now, action });
    totals.noticed += noticed;
    totals.erased += erased;
  }
  return totals;
}

type Run = { licenceId: number; months: number; now: Date };

/** Records a notice for each candidate with an email whose period ends within 30 days, and queues its mail. */
async function sendNotices(db: Db, mailJob: RetentionMailJob, { licenceId, months, now }: Run) {
  const due = (await dueCandidates(db, { licenceId, months, now, horizonDays: NOTICE_DAYS })).filter(
    (c) => c.email !== null && c.noticeAt === null,
  );
  let noticed = 0;
  for (let i = 0; i < due.length; i += ERASE_BATCH) {
    const batch = due.slice(i, i + ERASE_BATCH);
    noticed += await db.transaction(async (tx) => {
      const rows = await tx
        .insert(retentionNotices)
        .values(batch.map((c) => ({ licenceId, candidateId: c.candidateId, dueAt: c.dueAt, createdAt: now })))
        .onConflictDoNothing()
        .returning({ id: retentionNotices.id });
      for (const { id } of rows) await enqueue(tx, mailJob, { licenceId, noticeId: id });
      if (rows.length > 0) {
        await recordAudit(tx, {
          licenceId,
          actor: { kind: 'system' },
          action: 'retention.run',
          details: { step: 'notice', noticed: rows.length, months },
        });
      }
      return rows.length;
    });
  }
  return noticed;
}

const erasable = (due: DueCandidate[], now: Date) => due.filter((c) => c.eraseAt.getTime() <= now.getTime());

/**
 * Erases the candidates whose time is up, a batch per transaction: the batch is locked, then read again, so a
 * note or a move made meanwhile saves its candidate.
 */
async function eraseDue(db: Db, { licenceId, months, now, action }: Run & { action: 'erase' | 'anonymise' }) {
  const ids = erasable(await dueCandidates(db, { licenceId, months, now, horizonDays: 0 }), now).map(
    (c) => c.candidateId,
  );
  let erased = 0;
  for (let i = 0; i < ids.length; i += ERASE_BATCH) {
    const batch = ids.slice(i, i + ERASE_BATCH);
    erased += await db.transaction(async (tx) => {
      await lockCandidates(tx, licenceId, batch);
      const inBatch = new Set(batch);
      const still = erasable(await dueCandidates(tx, { licenceId, months, now, horizonDays: 0 }), now)
        .map((c) => c.candidateId)
        .filter((id) => inBatch.has(id));
      if (still.length === 0) return 0;
      const result = await eraseCandidates(tx, {
        licenceId,
        candidateIds: still,
        actor: { kind: 'system' },
        reason: 'retention',
        mode: action,
      });
      await recordAudit(tx, {
        licenceId,
        actor: { kind: 'system' },
        action: 'retention.run',
        details: { step: 'erase', due: still.length, erased: result.erased, mode: action, months },
      });
      return result.erased;
    });
  }
  return erased;
}

/**
 * The admins' list (GET /api/retention/due): the candidates whose data goes within 60 days or is overdue,
 * soonest first, with the licence's settings. Empty when retention is off.
 */
export async function listDue(db: Db, caller: Caller, now = new Date()) {
  assertCanManageRetention(caller);
  const [monthsValue, action] = await Promise.all([
    readGlobalSetting(db, caller.licenceId, 'retention_months', RetentionMonths.options),
    readGlobalSetting(db, caller.licenceId, 'retention_action', RetentionAction.options),
  ]);
  const months = monthsOf(monthsValue);
  const due =
    months === null
      ? []
      : await dueCandidates(db, {
          licenceId: caller.licenceId,
          months,
          now,
          horizonDays: LIST_HORIZON_DAYS,
          limit: 500,
        });
  return { months: monthsValue, action, due };
}

/** Takes a candidate out of retention with the admin's reason (a second exclusion replaces the reason). */
export async function excludeCandidate(
  db: Db,
  caller: Caller,
  { candidateId, reason, address }: { candidateId: number; reason: string; address: string | null },
) {
  assertCanManageRetention(caller);
  return db.transaction(async (tx) => {
    await lockCandidate(tx, caller.licenceId, candidateId);
    const [row] = await tx
      .insert(retentionExclusions)
      .values({ licenceId: caller.licenceId, candidateId, reason, userId: caller.userId })
      .onConflictDoUpdate({
        target: retentionExclusions.candidateId,
        set: { reason, userId: caller.userId, createdAt: sql`now()` },
      })
      .returning({ createdAt: retentionExclusions.createdAt });
    await recordAudit(tx, {
      licenceId: caller.licenceId,
      actor: userActor(caller),
      address,
      action: 'retention.exclude',
      target: { kind: 'candidate', id: candidateId },
    });
    return { candidateId, reason, createdAt: row?.createdAt ?? new Date() };
  });
}

export type KeepOutcome = { kind: 'kept'; organisation: string } | { kind: 'used' } | { kind: 'unknown' };

/** What a notice's link names: its licence's name and whether it was answered, or nothing. */
export async function findNotice(db: Db, tokenHash: string) {
  const [row] = await rawRows<{ organisation: string; answered: boolean }>(
    db,
    sql`select l.name as organisation, n.answered_at is not null as answered
        from retention_notices n join licences l on l.id = n.licence_id
        where n.token_hash = ${tokenHash}`,
  );
  return row;
}

/**
 * The candidate's answer to a notice (the keep page): recorded as consent, the text they agreed to and their
 * address, their legal basis consent since `now` (which starts a new period). One use per link.
 */
export async function keepCandidateData(
  db: Db,
  {
    tokenHash,
    text,
    address,
    now = new Date(),
  }: { tokenHash: string; text: string; address: string; now?: Date },
): Promise<KeepOutcome> {
  return db.transaction(async (tx) => {
    const [notice] = await rawRows<{
      id: number;
      licence_id: number;
      candidate_id: number;
      answered: boolean;
    }>(
      tx,
      sql`select id, licence_id, candidate_id, answered_at is not null as answered
          from retention_notices where token_hash = ${tokenHash} for update`,
    );
    if (!notice) return { kind: 'unknown' };
    if (notice.answered) return { kind: 'used' };
    const licenceId = Number(notice.licence_id);
    const candidateId = Number(notice.candidate_id);
    await lockCandidate(tx, licenceId, candidateId);
    await tx
      .update(retentionNotices)
      .set({ answeredAt: now })
      .where(and(scoped(retentionNotices, licenceId), eq(retentionNotices.id, Number(notice.id))));
    await tx.insert(candidateConsents).values({ licenceId, candidateId, text, address, createdAt: now });
    await tx
      .update(candidates)
      .set({ legalBasis: 'consent', legalBasisAt: now, legalBasisBy: null })
      .where(and(scoped(candidates, licenceId), eq(candidates.id, candidateId)));
    const [licence] = await rawRows<{ name: string }>(
      tx,
      sql`select name from licences where id = ${licenceId}`,
    );
    return { kind: 'kept', organisation: licence?.name ?? '' };
  });
}
