import type { AuditAction, AuditTargetKind } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';

/** What the admin screen filters the log by (contract AuditFilters, parsed). */
export type AuditFilter = {
  action?: AuditAction | undefined;
  actorId?: number | undefined;
  target?: { kind: AuditTargetKind; id: number } | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export type AuditRow = {
  seq: string | number;
  created_at: string | Date;
  actor_kind: string;
  actor_id: number | null;
  actor_label: string | null;
  address: string | null;
  action: string;
  target_kind: string | null;
  target_id: number | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
};

/**
 * The conditions of a filter. A period becomes a range of `seq` besides its dates: a licence's entries are
 * numbered in the order their times were taken (under the head's lock), so the last entry before each bound,
 * found on `audit_entries_licence_created_idx` in its own order, bounds the numbers, and every filter's index
 * (`(licence_id, <filter>, seq)`, migration 0024) is read as one range, newest first, however old the period.
 * The dates stay as conditions too, so the answer is exact even if two instances' clocks disagree.
 */
function conditions(licenceId: number, filter: AuditFilter): SQL[] {
  const where: SQL[] = [scopedSql('a', licenceId)];
  if (filter.action) where.push(sql`a.action = ${filter.action}`);
  if (filter.actorId !== undefined) where.push(sql`a.actor_id = ${filter.actorId} and a.actor_kind = 'user'`);
  if (filter.target) {
    where.push(sql`a.target_kind = ${filter.target.kind} and a.target_id = ${filter.target.id}`);
  }
  // The last entry before a date, read on the index in its own order (newest first, one row). `nulls last` as
  // the index has it (no value is null): plain `desc` means nulls first, which the index cannot give.
  const lastBefore = (at: Date) =>
    sql`(select b.seq from audit_entries b where ${scopedSql('b', licenceId)}
          and b.created_at < ${at.toISOString()}::timestamptz
          order by b.created_at desc nulls last, b.id desc nulls last limit 1)`;
  if (filter.from) {
    where.push(sql`a.created_at >= ${filter.from.toISOString()}::timestamptz`);
    where.push(sql`a.seq > coalesce(${lastBefore(filter.from)}, 0)`);
  }
  if (filter.to) {
    where.push(sql`a.created_at < ${filter.to.toISOString()}::timestamptz`);
    where.push(sql`a.seq <= coalesce(${lastBefore(filter.to)}, 0)`);
  }
  return where;
}

/**
 * A page of the licence's log, newest first, by keyset on `seq` (`before`), one row past the page read to know
 * whether another follows. No OFFSET: page 1,000 costs what page 1 does.
 */
export async function auditPage(
  db: Db,
  licenceId: number,
  filter: AuditFilter,
  { before, perPage }: { before?: number | undefined; perPage: number },
): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  const where = conditions(licenceId, filter);
  if (before !== undefined) where.push(sql`a.seq < ${before}`);
  const rows = await rawRows<AuditRow>(
    db,
    sql`select a.seq, a.created_at, a.actor_kind, a.actor_id, a.actor_label, a.address, a.action, a.target_kind,
               a.target_id, a.details, a.prev_hash, a.hash
        from audit_entries a
        where ${sql.join(where, sql` and `)}
        order by a.seq desc
        limit ${perPage + 1}`,
  );
  const page = rows.slice(0, perPage);
  const last = page.at(-1);
  return { rows: page, nextBefore: rows.length > perPage && last ? Number(last.seq) : null };
}

/** Every entry a filter selects, newest first, in pages of `batch` (the CSV export streams them). */
export async function* auditBatches(db: Db, licenceId: number, filter: AuditFilter, batch = 1000) {
  let before: number | undefined;
  for (;;) {
    const { rows, nextBefore } = await auditPage(db, licenceId, filter, { before, perPage: batch });
    if (rows.length > 0) yield rows;
    if (nextBefore === null) return;
    before = nextBefore;
  }
}
