import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { customPlans, genericPlans, readWith } from '../../db/planner-settings.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { candidates } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { type Probe, walkReaches } from './candidate-search-probe.ts';
import { newestFirst, pageCondition, textWalkSettings, walkSettings } from './candidate-search-walk.ts';
import { type CandidateRow, candidateColumns, findCandidates } from './candidates.queries.ts';

/*
 * The index plan of a candidate search (decision 207): a rare term's matches gathered through the indexes, up
 * to the cap, and a text's page past the cap. searchCandidates (candidate-search.queries.ts) chooses between it and the walk.
 */

/**
 * What a gather of the matches needs of the planner: a bitmap of the filter's index (the text and the tags' GIN,
 * decision 235), not a sequential scan or a walk of the `updated_at` index. The planner would pick those when it
 * overestimates the matches (a trigram LIKE is estimated at thousands of rows when it matches tens), expecting
 * to stop early, and then read every candidate of the licence: a second at 1,000,000
 * (bench/plans/search-name.txt). A bitmap costs what the posting lists hold, and its heap scan stops at the cap.
 */
export const gatherSettings = {
  enable_seqscan: 'off',
  enable_indexscan: 'off',
  enable_indexonlyscan: 'off',
  // Planned for its values each time (a tag expression asked whole, a source), its text parsed once per
  // connection (decision 255); `once` below plans it once instead.
  ...customPlans,
} as const;

/** The ids of the licence's candidates matching a filter, at most the cap plus one, in no order. */
export function matchingIds(db: Db, where: SQL | undefined): Promise<number[]> {
  return readWith(db, gatherSettings, async (tx) => {
    const rows = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(where)
      .limit(CANDIDATE_COUNT_CAP + 1);
    return rows.map((r) => r.id);
  });
}

/**
 * How many candidates match a filter, counting no further than the cap plus one, and the ids of the page
 * among them, newest first: the matches gathered once, counted and cut in the same statement, which answers one
 * row (decision 231). Answering every match's id cost more than finding them: ~3 µs a row on the embedded
 * engine, 1,001 rows for a name as frequent as the cap. The page is right only within the cap.
 */
async function matchingPage(
  db: Db,
  gathered: { where: SQL | undefined; once: boolean },
  window: { limit: number; offset: number },
) {
  const { where, once } = gathered;
  // With `once`, its settings fix its plan, a bitmap of what the condition asks (spelled `gather`): planned once
  // for every term (decision 252).
  return readWith(db, once ? { ...gatherSettings, ...genericPlans } : gatherSettings, async (tx) => {
    const matching = tx
      .select({ id: candidates.id, updatedAt: candidates.updatedAt })
      .from(candidates)
      .where(where)
      .limit(CANDIDATE_COUNT_CAP + 1);
    const [row] = await rawRows<{ matches: number; ids: number[] }>(
      tx,
      sql`with matching as (${matching})
        select (select count(*)::int from matching) as matches,
          array(select id from matching order by updated_at desc, id desc
            limit ${window.limit} offset ${window.offset}) as ids`,
    );
    return { matches: row?.matches ?? 0, ids: row?.ids ?? [] };
  });
}

/**
 * The page's ids of a condition left to the planner, newest first, as a condition on the candidates' ids: one
 * part (decision 262). A walk's page is read in two, the rows candidates_walk_idx holds and the rare others
 * (newestPage), so that the walk reads that index alone; the planner, given the text spelled for the trigram index,
 * gathered each part by the same bitmap instead, the GIN scans and the heap twice over for a part nearly always
 * empty (the two parts 20.3 ms of the statement's 29 for 'Durand' with three tags; one part 11.6). `search_text`
 * and `tag_ids` are never null, so the two parts hold every row once: the page is the same.
 */
function plannedPage(where: SQL | undefined, window: { limit: number; offset: number }) {
  return sql`${candidates.id} in (select ${candidates.id} from ${candidates} where ${where}
    order by ${sql.join(newestFirst, sql`, `)} limit ${window.limit} offset ${window.offset})`;
}

/**
 * The page of a text search past the cap, read with its planner settings (readWith). Walked (no bitmap or
 * sequential scan, the text spelled for a walk) when the probe expects the page's matches within the walk's
 * budget: the planner, which misjudges a trigram match's rows either way, would otherwise gather and sort every
 * match for twenty (10,334 rows and 22 ms for a name in 1 in 99 at 1M candidates, where the walk reads about 2,000
 * from an index, under a millisecond). A page far down, or a term rare among the newest, is left to the planner,
 * with the text spelled for the trigram index, in one part (plannedPage, decision 262).
 */
export function pastTheCapPage(
  db: Db,
  licenceId: number,
  where: { indexed: () => SQL | undefined; walked: () => SQL | undefined },
  window: { limit: number; offset: number },
  probe: Probe,
) {
  const walk = walkReaches(probe, window.limit + window.offset);
  return readWith(db, walk ? walkSettings : textWalkSettings, (tx) =>
    tx
      .select(candidateColumns)
      .from(candidates)
      .where(
        and(
          scoped(candidates, licenceId),
          walk ? pageCondition(where.walked(), window) : plannedPage(where.indexed(), window),
        ),
      )
      .orderBy(...newestFirst),
  );
}

/**
 * A page of a rare term's matches and their capped count, gathered by `gathered` (for a text, perhaps asked by
 * its rarest trigrams, decision 240). Within the cap, the page's rows are read by their
 * ids; past it, the page is read on its own (the count is the cap's): walked where the probe expects it near,
 * which the planner cannot tell (pastTheCapPage).
 */
export async function indexedTextPage(
  db: Db,
  licenceId: number,
  where: {
    /** The page's conditions past the cap, built only there (lazily, decision 261). */
    indexed: () => SQL | undefined;
    walked: () => SQL | undefined;
    /** The gather's condition, and whether its plan is the same for every term (planned once, decision 252). */
    gathered: { where: SQL | undefined; once: boolean };
  },
  window: { limit: number; offset: number },
  probe: Probe,
): Promise<{ rows: CandidateRow[]; total: number; capped: boolean }> {
  const { matches, ids } = await matchingPage(db, where.gathered, window);
  if (matches > CANDIDATE_COUNT_CAP) {
    const rows = await pastTheCapPage(db, licenceId, where, window, probe);
    return { rows: rows as CandidateRow[], total: CANDIDATE_COUNT_CAP, capped: true };
  }
  // The statement gave the page's ids newest first: its rows are put back in that order.
  const byId = new Map((await pageRows(db, licenceId, ids)).map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, total: matches, capped: false };
}

/**
 * The page's rows by their ids, planned once (decision 252): by the primary key whatever the ids. With a walk's
 * settings, every table is read through its index: the planner scanned the licence's tags whole for each row's
 * tag names where a table of tags is small (200 rows: 0.8 of the statement's 1.1 ms for a page of 20; 0.5 ms in
 * all with the tags' primary key, decision 254).
 */
function pageRows(db: Db, licenceId: number, ids: number[]): Promise<CandidateRow[]> {
  return readWith(db, walkSettings, (indexed) => findCandidates(indexed, licenceId, ids));
}
