import { and, asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { auditEntries, auditHeads } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { entryHash, GENESIS_HASH } from './audit-chain.ts';

/** What the verifier found in one licence's chain: counts, or the first broken link. */
export type ChainReport =
  | { licenceId: number; ok: true; entries: number; firstSeq: number | null; lastSeq: number | null }
  | { licenceId: number; ok: false; seq: number | null; problem: string };

/** Rows read at a time: the chain is walked in seq order without holding it in memory. */
const BATCH = 5000;

type PruneAnchor = { lastSeq: number; lastHash: string };

/** The anchor an `audit.prune` entry names: the last entry it deleted (decision 192). */
function pruneAnchorOf(details: unknown): PruneAnchor | null {
  const d = details as { last_seq?: unknown; last_hash?: unknown } | null;
  return typeof d?.last_seq === 'number' && typeof d.last_hash === 'string'
    ? { lastSeq: d.last_seq, lastHash: d.last_hash }
    : null;
}

/**
 * Walks one licence's chain in seq order and checks every link (decision 192): each entry's hash recomputed over
 * its fields and the previous hash, each `prev_hash` equal to the hash before it, the numbers without a gap, and
 * the head (`audit_heads`) at the last entry. The first entry follows the genesis hash, or, after the log's own
 * retention deleted older entries, the last deleted one, which an `audit.prune` entry of the chain names (its
 * number and hash): a pruned log still verifies, and an entry deleted before the first remaining one does not.
 * Answers the FIRST broken link: an edited entry shows as its hash, a deleted one as the gap it leaves, a deleted
 * last entry as a head ahead of the log.
 */
export async function verifyChain(db: Db, licenceId: number): Promise<ChainReport> {
  const broken = (seq: number | null, problem: string): ChainReport => ({
    licenceId,
    ok: false,
    seq,
    problem,
  });
  let previous = null as { seq: number; hash: string } | null;
  let first = null as { seq: number; prevHash: string } | null;
  const anchors: PruneAnchor[] = [];
  let entries = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEntries)
      .where(and(scoped(auditEntries, licenceId), gt(auditEntries.seq, previous?.seq ?? 0)))
      .orderBy(asc(auditEntries.seq))
      .limit(BATCH);
    for (const row of rows) {
      if (previous === null) {
        first = { seq: row.seq, prevHash: row.prevHash };
        if (row.seq === 1 && row.prevHash !== GENESIS_HASH) {
          return broken(row.seq, 'the first entry does not follow the genesis hash');
        }
      } else {
        if (row.seq !== previous.seq + 1) {
          const gone =
            row.seq - 1 > previous.seq + 1
              ? `entries ${previous.seq + 1} to ${row.seq - 1} are gone`
              : `entry ${previous.seq + 1} is gone`;
          return broken(
            previous.seq + 1,
            `missing: ${gone} (the chain jumps from ${previous.seq} to ${row.seq})`,
          );
        }
        if (row.prevHash !== previous.hash) {
          return broken(row.seq, `its prev_hash is not the hash of entry ${previous.seq}`);
        }
      }
      if (entryHash(row.prevHash, row) !== row.hash) {
        return broken(row.seq, 'its hash does not match its content (the entry was changed)');
      }
      if (row.action === 'audit.prune') {
        const anchor = pruneAnchorOf(row.details);
        if (anchor) anchors.push(anchor);
      }
      previous = { seq: row.seq, hash: row.hash };
      entries += 1;
    }
    if (rows.length < BATCH) break;
  }
  if (first && first.seq !== 1) {
    const anchored = anchors.some((a) => a.lastSeq === first.seq - 1 && a.lastHash === first.prevHash);
    if (!anchored) {
      return broken(
        first.seq - 1,
        `missing: the log starts at entry ${first.seq} and no audit.prune entry says entries up to ${first.seq - 1} were pruned`,
      );
    }
  }
  const [head] = await db.select().from(auditHeads).where(scoped(auditHeads, licenceId));
  if (head && (previous === null || head.seq !== previous.seq)) {
    return broken(
      (previous?.seq ?? 0) + 1,
      `missing: the head is at entry ${head.seq} but the log ends at ${previous?.seq ?? 'nothing'}`,
    );
  }
  if (head && previous && head.hash !== previous.hash) {
    return broken(previous.seq, "the head's hash is not the last entry's");
  }
  if (!head && previous) return broken(null, 'the licence has entries but no head');
  return { licenceId, ok: true, entries, firstSeq: first?.seq ?? null, lastSeq: previous?.seq ?? null };
}

/** Every licence with a chain: those with a head, and any with entries but no head (itself a broken link). */
export async function chainLicences(db: Db): Promise<number[]> {
  const rows = await rawRows<{ licence_id: number }>(
    db,
    sql`select licence_id from audit_heads
        union
        select l.id from licences l
        where not exists (select 1 from audit_heads h where h.licence_id = l.id)
          and exists (select 1 from audit_entries e where e.licence_id = l.id)
        order by 1`,
  );
  return rows.map((r) => Number(r.licence_id));
}
