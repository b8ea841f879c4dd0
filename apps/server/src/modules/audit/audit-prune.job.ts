import { AuditRetentionMonths } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import { recordAudit } from './audit.service.ts';

const PRUNE_EVERY_MS = 24 * 3600 * 1000;
/** Entries deleted per transaction: a day's worth in one, a first run on an old log in several. */
export const AUDIT_PRUNE_BATCH = 50_000;

/** The moment `months` months before `now` (calendar months, UTC). */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Deletes one batch of a licence's entries older than `cutoff`, oldest first, and records it, in one transaction
 * that sets `vivier.audit_prune` (the only DELETE the append-only trigger lets through, migration 0020). The
 * `audit.prune` entry names how many went and the number and hash of the last one: the verifier anchors the
 * chain's first remaining entry on it (audit-verify.ts). Answers how many were deleted.
 */
async function pruneBatch(db: Db, licenceId: number, cutoff: Date, months: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('vivier.audit_prune', 'on', true)`);
    // The last entry before the cutoff (a licence's entries are numbered in time order), at most a batch on.
    const [last] = await rawRows<{ seq: string | number; hash: string }>(
      tx,
      sql`with oldest as (
            select a.seq from audit_entries a where ${scopedSql('a', licenceId)} order by a.seq limit 1),
          due as (
            select a.seq from audit_entries a where ${scopedSql('a', licenceId)}
              and a.created_at < ${cutoff.toISOString()}::timestamptz
            order by a.created_at desc nulls last, a.id desc nulls last limit 1),
          upto as (
            select case when (select seq from due) is null then null
                        else least((select seq from due), (select seq from oldest) + ${AUDIT_PRUNE_BATCH - 1}) end as seq)
          select a.seq, a.hash
          from audit_entries a where ${scopedSql('a', licenceId)} and a.seq = (select seq from upto)`,
    );
    if (!last) return 0;
    const deleted = await rawRows<{ n: string | number }>(
      tx,
      sql`with gone as (delete from audit_entries a where ${scopedSql('a', licenceId)} and a.seq <= ${Number(last.seq)}
          returning 1) select count(*) as n from gone`,
    );
    const count = Number(deleted[0]?.n ?? 0);
    await tx.execute(sql`select set_config('vivier.audit_prune', 'off', true)`);
    await recordAudit(tx, {
      licenceId,
      actor: { kind: 'system' },
      action: 'audit.prune',
      target: { kind: 'licence', id: licenceId },
      details: {
        count,
        last_seq: Number(last.seq),
        last_hash: last.hash,
        before: cutoff.toISOString(),
        months,
      },
    });
    return count;
  });
}

/**
 * The licence's `audit_retention_months` (12 when missing or unknown, as a new licence starts). Read here rather
 * than through settings/global-settings.ts: the settings module records its changes in this one.
 */
async function retentionMonths(db: Db, licenceId: number): Promise<number> {
  const [row] = await rawRows<{ value: string | null }>(
    db,
    sql`select s.value from settings s where ${scopedSql('s', licenceId)} and s.name = 'audit_retention_months'`,
  );
  const parsed = AuditRetentionMonths.safeParse(row?.value);
  return parsed.success ? Number(parsed.data) : 12;
}

/**
 * The audit log's own retention (issue 24, decision 192): for each licence with a log, the entries older than its
 * `audit_retention_months` setting (a year by default) are deleted, a batch per transaction, each batch recorded
 * by an `audit.prune` entry. Idempotent: a second run the same day finds nothing due and writes nothing.
 */
export async function pruneAuditLog(db: Db, now = new Date()) {
  const heads = await rawRows<{ licence_id: number }>(
    db,
    sql`select licence_id from audit_heads order by licence_id`,
  );
  let deleted = 0;
  for (const { licence_id: licenceId } of heads) {
    const months = await retentionMonths(db, licenceId);
    const cutoff = retentionCutoff(now, months);
    for (;;) {
      const count = await pruneBatch(db, licenceId, cutoff, months);
      deleted += count;
      if (count < AUDIT_PRUNE_BATCH) break;
    }
  }
  return { deleted };
}

/** The daily prune of the audit log, a job of the durable queue. */
export const auditPruneJob = () => periodicJob('audit.prune', PRUNE_EVERY_MS, ({ db }) => pruneAuditLog(db));
