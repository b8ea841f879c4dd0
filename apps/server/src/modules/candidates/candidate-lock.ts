import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { candidates } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';

/**
 * Locks a candidate of the licence for the rest of the transaction (404 when missing, another licence's, or
 * erased: a tombstone takes no new contact, tag, CV mark or exclusion, decision 193).
 * Contact and tag writes of one candidate take turns behind it, so two tabs adding contacts or tags at once
 * cannot both make a primary, or lose one another's `tag_ids` entry.
 */
export async function lockCandidate(tx: Db, licenceId: number, candidateId: number) {
  const [row] = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), eq(candidates.id, candidateId), isNull(candidates.erasedAt)))
    .for('update');
  if (!row) throw notFound('Candidate');
}

/**
 * Locks candidates of the licence for the rest of the transaction, in ascending id order, and answers the ids
 * found. It is the lock order of every write to candidates or their job applications: the candidates first,
 * by id, then their rows (`touchCandidates` takes it too). Two writers that share candidates then queue
 * behind the same first candidate instead of each holding a row the other needs; PostgreSQL breaks such a
 * deadlock by failing one of them, and the load test (security/load.postgres.test.ts) met it between bulk
 * moves, single moves and tag changes.
 */
export async function lockCandidates(tx: Db, licenceId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  // One array parameter, whatever the number of ids.
  const idArray = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await rawRows<{ id: number }>(
    tx,
    sql`select id from candidates where ${scopedSql(undefined, licenceId)} and id = any(${idArray}::int[])
        order by id for no key update`,
  );
  return rows.map((row) => Number(row.id));
}
