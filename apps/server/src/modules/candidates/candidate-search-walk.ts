import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { customPlans, genericPlans, readWith } from '../../db/planner-settings.ts';
import { candidates, licences } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { type CandidateRow, candidateColumns } from './candidates.queries.ts';

/*
 * The walk of a candidate search (decisions 207, 214): the licence's candidates read newest first, stopping after
 * the page and the capped count, and how a text is walked through the index that holds it; a page of tags alone
 * (filterPage). Which text searches it serves is the probe's (candidate-search-probe.ts); searchCandidates
 * (candidate-search.queries.ts) chooses between it and the index.
 */

/**
 * Newest first, spelled as candidates_licence_updated_idx is built (`DESC NULLS LAST`): a bare `DESC` means
 * NULLS FIRST, and the planner would then sort every candidate of the licence instead of reading the index
 * in order and stopping after the page (770 ms against under 1 ms at 1M candidates).
 */
export const newestFirst = [
  sql`${candidates.updatedAt} desc nulls last`,
  sql`${candidates.id} desc nulls last`,
];

/**
 * The rows `candidates_walk_idx` holds, with their text and tags (migrations 0035, 0042): a B-tree entry has room
 * for about 2,700 bytes, and neither a candidate's text (names, titles, every contact) nor its tags have a bound
 * of their own, so it keeps texts up to 2,000 bytes with up to 100 tags. The rare others are in
 * `candidates_walk_large_idx`; a text walk reads both, each newest first (decisions 214, 227). Each condition is
 * spelled as its index's own, which is how the planner sees that the index serves it.
 */
export const inWalkIndex = sql`(octet_length(${candidates.searchText}) <= 2000 and cardinality(${candidates.tagIds}) <= 100)`;
const pastWalkIndex = sql`(octet_length(${candidates.searchText}) > 2000 or cardinality(${candidates.tagIds}) > 100)`;

/**
 * How many candidates match a text condition, counting no further than the cap plus one (decision 060), over
 * the candidates `candidates_walk_idx` holds and the others apart: the first from that index alone, an
 * index-only scan that never reads the table (decisions 214, 227).
 */
const cappedCount = (where: SQL | undefined) => {
  const limit = sql.raw(String(CANDIDATE_COUNT_CAP + 1));
  return sql<number>`(select count(*)::int from (
    (select 1 from ${candidates} where ${and(where, inWalkIndex)} limit ${limit})
    union all
    (select 1 from ${candidates} where ${and(where, pastWalkIndex)} limit ${limit})) matches)`;
};

async function countApart(db: Db, where: SQL | undefined) {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(candidates)
    .where(where)
    .limit(CANDIDATE_COUNT_CAP + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}

/**
 * A frequent term's page read walking the newest (stopping after it) and its capped count as a subquery
 * evaluated once, in ONE statement (decision 207).
 */
async function walkedPage(
  db: Db,
  licenceId: number,
  where: SQL | undefined,
  window: { limit: number; offset: number },
) {
  const rows = await db
    .select({ ...candidateColumns, matches: cappedCount(where) })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), pageCondition(where, window)))
    .orderBy(...newestFirst);
  return pageAnswer(db, rows, () => where, window);
}

/**
 * A page's window as its statement takes it: numbers, or placeholders where the statement is prepared for a
 * shape (tagsPage, decision 263). `reach` is the limit plus the offset: how far a walk reads.
 */
type Value = number | Placeholder;
export type StatementWindow = { limit: Value; offset: Value; reach: Value };
export const statementWindow = (window: { limit: number; offset: number }): StatementWindow => ({
  ...window,
  reach: window.limit + window.offset,
});

/**
 * A page of a filter without text (tags, source, legal basis, or none) and its capped count, in ONE statement
 * (decision 234). The matches are gathered once, up to the cap plus one, as their count always was: the planner
 * estimates tags well from the GIN index's statistics, a bitmap for a rare expression, a scan stopping early
 * for a common one. Within the cap the page is cut from them; past it the page is walked newest first. Each
 * branch sits behind a one-time filter on the count, so only one runs. Before, the page was always walked: an
 * expression in 1 in 200 read ~7,000 rows for a page of 20 its count had already gathered (PGlite, 100,000).
 * Tags alone (no source or legal basis) are read through a statement prepared for their shape, with their bound
 * (tagsPage, decision 263); this builds it for a source or a legal basis.
 */
export async function filterPage(
  db: Db,
  licenceId: number,
  where: SQL | undefined,
  window: { limit: number; offset: number },
) {
  // Its text repeats for every filter of the same shape, parsed once per connection (decision 255), and planned
  // for its values.
  const rows = await readWith(db, customPlans, (named) =>
    filterPageQuery(named, licenceId, where, statementWindow(window), undefined),
  );
  const { proven: _, ...page } = await filterPageAnswer(db, rows, () => where, window);
  return page;
}

/**
 * The planner's settings of filterPage's statement: planned for its values (a common expression gathered by a
 * scan stopping early, a rare one by a bitmap), unless `once` says the generic plan serves it as well (decision
 * 257): planning was a third of PostgreSQL's time for tags alone. Either way its text is parsed once per
 * connection (decision 255).
 */
export const filterPageSettings = (once: boolean) => (once ? genericPlans : customPlans);

/**
 * filterPage's statement, not yet sent, with its values or placeholders where it is prepared (decision 263). With
 * `proof`, a lower bound of the matches (tagHoldersBound, decision 245), evaluated once: past the cap the gather
 * is skipped and the count is the cap's, and the rows say so (`proven`).
 */
export function filterPageQuery(
  db: Db,
  tenant: Value,
  where: SQL | undefined,
  window: StatementWindow,
  proof: SQL | undefined,
) {
  // The bound read once, beside the licence's own row (a statement's CTE needs a FROM).
  const proven = db.$with('proven').as(
    db
      .select({ past: sql<boolean>`${proof ?? sql`false`} > ${CANDIDATE_COUNT_CAP}`.as('past') })
      .from(licences)
      .where(eq(licences.id, tenant)),
  );
  const past = proof
    ? sql<boolean>`coalesce((select ${proven.past} from ${proven}), false)`
    : sql<boolean>`false`;
  const matching = db.$with('matching').as(
    db
      .select({ id: candidates.id, updatedAt: candidates.updatedAt })
      .from(candidates)
      .where(and(where, sql`not ${past}`))
      .limit(CANDIDATE_COUNT_CAP + 1),
  );
  // Counted once: each reference to a count of `matching` would scan it again.
  const counted = db.$with('counted').as(
    db
      .select({
        n: sql<number>`case when ${past} then ${CANDIDATE_COUNT_CAP + 1} else count(*)::int end`.as('n'),
      })
      .from(matching),
  );
  const count = sql<number>`(select ${counted.n} from ${counted})`;
  const within = sql`${count} <= ${CANDIDATE_COUNT_CAP}`;
  const gathered = sql`select ${matching.id} from ${matching} where ${within}
    order by ${matching.updatedAt} desc nulls last, ${matching.id} desc nulls last
    limit ${window.limit} offset ${window.offset}`;
  const walked = sql`select walked.id from (${newestPage(where, window)}) walked where not (${within})`;
  return db
    .with(...(proof ? [proven] : []), matching, counted)
    .select({ ...candidateColumns, matches: count, proven: past })
    .from(candidates)
    .where(and(scoped(candidates, tenant), sql`${candidates.id} in ((${gathered}) union all (${walked}))`))
    .orderBy(...newestFirst);
}

/** filterPage's answer from its statement's rows: the page, the capped count, and whether the bound proved it. */
export async function filterPageAnswer(
  db: Db,
  rows: (CandidateRow & { matches: number; proven: boolean })[],
  where: () => SQL | undefined,
  window: { limit: number; offset: number },
) {
  return { ...(await pageAnswer(db, rows, where, window)), proven: rows[0]?.proven ?? false };
}

/** A page's rows without the count each carries, and the count, capped. */
async function pageAnswer(
  db: Db,
  rows: (CandidateRow & { matches: number; proven?: boolean })[],
  where: () => SQL | undefined,
  window: { limit: number; offset: number },
) {
  // A page past the end carries no count: count apart (rare: a stale link or a hand-typed page).
  const matches = rows[0]?.matches ?? (window.offset === 0 ? 0 : await countApart(db, where()));
  return {
    rows: rows.map(({ matches: _, proven: __, ...row }) => row as CandidateRow),
    total: Math.min(matches, CANDIDATE_COUNT_CAP),
    capped: matches > CANDIDATE_COUNT_CAP,
  };
}

/**
 * What a walk of the text needs of the planner: no parallel workers and no JIT. Its two parts' estimates are
 * far off (a trigram match's rows, and no statistics on a text's length), so the planner costs the walk of the
 * large rows' empty index as a scan of the licence; past `jit_above_cost` it then compiled the statement (12 ms)
 * and started workers, and a 20 ms walk took 95 ms at 1M candidates (decision 214).
 */
export const textWalkSettings = {
  jit: 'off',
  max_parallel_workers_per_gather: '0',
  // Planned for its values each time, its text parsed once per connection (decision 255); a walk's settings
  // below plan it once instead.
  ...customPlans,
} as const;
/**
 * A walk's: no bitmap or sequential scan, and a text walk's settings (textWalkSettings). Its plan is then the
 * walk whatever the term, so it is planned once for every term (genericPlans, decision 252). A page's rows by
 * their ids read with them too (indexedTextPage): every table through an index.
 */
export const walkSettings = {
  ...textWalkSettings,
  enable_bitmapscan: 'off',
  enable_seqscan: 'off',
  ...genericPlans,
} as const;

/**
 * A frequent term's walk, with the bitmap plans turned off: the planner overestimates a trigram match's rows
 * and might gather them all first, which is what the walk was chosen to avoid (the probe saw the term is
 * frequent).
 */
export function walkedTextPage(
  db: Db,
  licenceId: number,
  where: SQL | undefined,
  window: { limit: number; offset: number },
) {
  return readWith(db, walkSettings, (tx) => walkedPage(tx, licenceId, where, window));
}

/**
 * The ids of a page of the candidates matching a condition, newest first: the newest of `candidates_walk_idx`'s walk
 * (index-only for a text and tags) and of the large rows' (`candidates_walk_large_idx`, nearly always empty)
 * merged, then cut (decisions 214, 227). Tags alone past the cap are walked so too (decision 244): the
 * `updated_at` index read every row walked from the table for its tags.
 */
function newestPage(where: SQL | undefined, window: StatementWindow) {
  const reach = window.reach;
  const part = (length: SQL) => sql`(select ${candidates.id} as id, ${candidates.updatedAt} as updated_at
    from ${candidates} where ${and(where, length)} order by ${sql.join(newestFirst, sql`, `)} limit ${reach})`;
  return sql`select page.id from (${part(inWalkIndex)} union all ${part(pastWalkIndex)}) page
    order by page.updated_at desc nulls last, page.id desc nulls last
    limit ${window.limit} offset ${window.offset}`;
}

/** The page's rows of a text condition (newestPage), as a condition on the candidates' ids. */
export function pageCondition(where: SQL | undefined, window: { limit: number; offset: number }) {
  return sql`${candidates.id} in (${newestPage(where, statementWindow(window))})`;
}
