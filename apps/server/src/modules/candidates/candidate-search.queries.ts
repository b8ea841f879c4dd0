import { CANDIDATE_COUNT_CAP, CANDIDATE_SOURCES_MAX, type CvExcerpt } from '@vivier/contract';
import { and, asc, countDistinct, desc, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import {
  type CandidateSearchFilters,
  createdSinceCondition,
  otherConditions,
  searchConditions,
} from './candidate-search.conditions.ts';
import { type CandidateRow, candidateColumns } from './candidates.queries.ts';
import { cvExcerpts, excerptProbe } from './cv-excerpts.ts';
import { allCvMatchingIds, cvMatchingIds } from './cv-search.queries.ts';
import { cvTsQuery, parseCvTerm } from './cv-text-query.ts';

/**
 * Newest first, spelled as candidates_licence_updated_idx is built (`DESC NULLS LAST`): a bare `DESC` means
 * NULLS FIRST, and the planner would then sort every candidate of the licence instead of reading the index
 * in order and stopping after the page (770 ms against under 1 ms at 1M candidates).
 */
const newestFirst = [sql`${candidates.updatedAt} desc nulls last`, sql`${candidates.id} desc nulls last`];

/**
 * Every candidate of the licence matching the filters (names, contacts and titles, tags, source, legal basis;
 * with `inCvs`, also those one of whose files holds the term), in id order, at most `max + 1`: a bulk erasure's
 * selection (decision 193), read once. The names' and the CVs' matches are read apart, each through its own
 * index, as the search does, and merged.
 */
export async function allMatchingIds(
  db: Db,
  licenceId: number,
  filters: CandidateSearchFilters,
  max: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(searchConditions(licenceId, filters))
    .orderBy(asc(candidates.id))
    .limit(max + 1);
  const named = rows.map((r) => r.id);
  const cvQuery = filters.search && filters.inCvs ? cvTsQuery(parseCvTerm(filters.search)) : undefined;
  if (!cvQuery) return named;
  const inCvs = await allCvMatchingIds(db, licenceId, {
    cvQuery,
    tags: filters.tags,
    other: otherConditions(licenceId, filters),
    max,
  });
  return [...new Set([...named, ...inCvs])].sort((a, b) => a - b).slice(0, max + 1);
}

/**
 * The sources of the licence's applications with how many candidates came through each (issue 23), the most
 * common first, from job_applications_source_idx alone (its `source is not null` is the index's condition).
 */
export function candidateSources(db: Db, licenceId: number) {
  const count = countDistinct(jobApplications.candidateId);
  return db
    .select({ source: sql<string>`${jobApplications.source}`, count })
    .from(jobApplications)
    .where(and(scoped(jobApplications, licenceId), isNotNull(jobApplications.source)))
    .groupBy(jobApplications.source)
    .orderBy(desc(count), asc(jobApplications.source))
    .limit(CANDIDATE_SOURCES_MAX);
}

/**
 * The longest search text (in bytes) that `candidates_walk_idx` holds (migration 0035): a B-tree entry has room
 * for about 2,700 bytes, and a candidate's text (names, titles, every contact) has no bound of its own. The rare
 * longer ones are in `candidates_long_text_idx`; a text walk reads both, each newest first (decision 214).
 */
const WALK_INDEX_TEXT_BYTES = 2000;
const shortText = sql`octet_length(${candidates.searchText}) <= ${sql.raw(String(WALK_INDEX_TEXT_BYTES))}`;
const longText = sql`octet_length(${candidates.searchText}) > ${sql.raw(String(WALK_INDEX_TEXT_BYTES))}`;

/**
 * How many candidates match, counting no further than the cap plus one (decision 060). A text condition is
 * counted over the candidates with a short text and those with a long one apart: the first from
 * `candidates_walk_idx` alone, an index-only scan that never reads the table (decision 214).
 */
const cappedCount = (where: SQL | undefined, text = false) => {
  const limit = sql.raw(String(CANDIDATE_COUNT_CAP + 1));
  if (!text)
    return sql<number>`(select count(*)::int from (select 1 from ${candidates} where ${where} limit ${limit}) matches)`;
  return sql<number>`(select count(*)::int from (
    (select 1 from ${candidates} where ${and(where, shortText)} limit ${limit})
    union all
    (select 1 from ${candidates} where ${and(where, longText)} limit ${limit})) matches)`;
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
 * The ids of the licence's candidates matching a filter, at most the cap plus one, read through the
 * filter's indexes (trigram and tag GIN) as a bitmap: the planner may not pick a sequential scan or a walk of
 * the `updated_at` index here. It would pick them when it overestimates the matches (a trigram LIKE is
 * estimated at thousands of rows when it matches tens), expecting to stop early, and then read every candidate
 * of the licence: a second at 1,000,000 (bench/plans/search-name.txt). A bitmap costs what the posting lists
 * hold, and its heap scan stops at the cap.
 */
async function matchingIds(db: Db, where: SQL | undefined): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const rows = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(where)
      .limit(CANDIDATE_COUNT_CAP + 1);
    return rows.map((r) => r.id);
  });
}

/**
 * How a text search is served (issue 29, decision 207): `index` gathers the matches through the trigram index
 * (its cost follows how many candidates match), `walk` reads the candidates newest first and stops after the
 * page and the capped count (its cost follows how rare the term is).
 */
export type SearchPlan = 'index' | 'walk';

/** The newest candidates a search reads first to tell a frequent term from a rare one. */
export const PROBE_ROWS = 2_000;
/**
 * The most candidates a walk may expect to read to count up to the cap; a rarer term goes to the index. Where
 * the two cost the same at 1M candidates, its text read from candidates_walk_idx alone (decision 214).
 */
export const WALK_BUDGET_ROWS = 30_000;

/**
 * The plan for a text search, from how many of the licence's newest candidates match (`probe`): a licence
 * smaller than the probe, or a term so frequent that the cap's worth of matches lies within the walk's budget,
 * is walked; any other through the index. The two answer the same page and count (candidate-search.test.ts).
 */
async function planFor(db: Db, licenceId: number, where: SQL | undefined): Promise<SearchPlan> {
  const newest = db
    .select({ hit: sql<boolean>`${where ?? sql`true`}`.as('hit') })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), sql`${candidates.erasedAt} is null`))
    .orderBy(...newestFirst)
    .limit(PROBE_ROWS)
    .as('newest');
  const [probe] = await db
    .select({
      read: sql<number>`count(*)::int`,
      hits: sql<number>`(count(*) filter (where ${newest.hit}))::int`,
    })
    .from(newest);
  const read = probe?.read ?? 0;
  const hits = probe?.hits ?? 0;
  if (read < PROBE_ROWS) return 'walk';
  return hits > 0 && ((CANDIDATE_COUNT_CAP + 1) * read) / hits <= WALK_BUDGET_ROWS ? 'walk' : 'index';
}

/**
 * The page read walking the `updated_at` index (stopping after it) and the capped count as a subquery
 * evaluated once, in ONE statement: a tag expression's, and a frequent term's (decision 207).
 */
async function walkedPage(
  db: Db,
  licenceId: number,
  where: SQL | undefined,
  window: { limit: number; offset: number },
  text = false,
) {
  const rows = await db
    .select({ ...candidateColumns, matches: cappedCount(where, text) })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), pageCondition(db, where, window, text)))
    .orderBy(...newestFirst);
  // A page past the end carries no count: count apart (rare: a stale link or a hand-typed page).
  const matches = rows[0]?.matches ?? (window.offset === 0 ? 0 : await countApart(db, where));
  return {
    rows: rows.map(({ matches: _, ...row }) => row as CandidateRow),
    total: Math.min(matches, CANDIDATE_COUNT_CAP),
    capped: matches > CANDIDATE_COUNT_CAP,
  };
}

/**
 * What a walk of the text needs of the planner: no parallel workers and no JIT. Its two parts' estimates are
 * far off (a trigram match's rows, and no statistics on a text's length), so the planner costs the walk of the
 * long texts' empty index as a scan of the licence; past `jit_above_cost` it then compiled the statement (12 ms)
 * and started workers, and a 20 ms walk took 95 ms at 1M candidates (decision 214).
 */
async function forTextWalk(tx: Db) {
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
}

/**
 * A frequent term's walk, with the bitmap plans turned off: the planner overestimates a trigram match's rows
 * and might gather them all first, which is what the walk was chosen to avoid (the probe saw the term is
 * frequent).
 */
function walkedTextPage(
  db: Db,
  licenceId: number,
  where: SQL | undefined,
  window: { limit: number; offset: number },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await forTextWalk(tx);
    return walkedPage(tx, licenceId, where, window, true);
  });
}

/**
 * A page of the licence's candidates matching the filters, newest `updated_at` first (SPEC section 9), with
 * their contacts and tags, and the capped count (decision 060).
 *
 * A text term is served by one of two plans (planFor, decision 207). A rare one's matches are gathered through
 * the indexes, up to the cap (matchingIds): when there are no more than that, the page is cut from them
 * (sorting at most 1,000 rows), and their number is the count; past the cap the `updated_at` index is walked
 * for the page. A frequent one (a job title, a 2-letter prefix), which would fill a bitmap with a large part of
 * the licence, is walked at once. With "Search in CVs" the index plan always serves (the files' matches are
 * gathered apart). Tags alone are estimated well from the GIN index's statistics, and a tag on a third of the
 * licence is best met by the walk: the page is the walk and the count a subquery evaluated once, in ONE
 * statement. Only the page's rows get their contacts and tags.
 */
export async function searchCandidates(
  db: Db,
  licenceId: number,
  filters: CandidateSearchFilters,
  window: { limit: number; offset: number },
  options: { plan?: SearchPlan } = {},
): Promise<{
  rows: CandidateRow[];
  total: number;
  capped: boolean;
  excerpts?: Map<number, CvExcerpt>;
  plan?: SearchPlan;
}> {
  const cvQuery = filters.search && filters.inCvs ? cvTsQuery(parseCvTerm(filters.search)) : undefined;
  const where = searchConditions(licenceId, filters, cvQuery);
  const plan =
    filters.search && !cvQuery ? (options.plan ?? (await planFor(db, licenceId, where))) : undefined;
  if (plan === 'walk') return { ...(await walkedTextPage(db, licenceId, where, window)), plan };
  if (filters.search) {
    // With "Search in CVs", the two sets are gathered apart, each through its own index, and joined here: an
    // OR across two tables in one statement cannot be served by both indexes.
    const named = await matchingIds(db, cvQuery ? searchConditions(licenceId, filters) : where);
    const other = otherConditions(licenceId, filters);
    const inCvs = cvQuery ? await cvMatchingIds(db, licenceId, cvQuery, filters.tags, other) : undefined;
    const ids = inCvs ? [...new Set([...named, ...inCvs.ids])] : named;
    const within = ids.length <= CANDIDATE_COUNT_CAP && !inCvs?.past;
    const rows = within
      ? await db
          .select(candidateColumns)
          .from(candidates)
          .where(and(scoped(candidates, licenceId), inArray(candidates.id, ids.length > 0 ? ids : [0])))
          .orderBy(...newestFirst)
          .limit(window.limit)
          .offset(window.offset)
      : // Past the cap, the page is a walk of the text (the count is the cap's).
        await db.transaction(async (tx) => {
          await forTextWalk(tx);
          return tx
            .select(candidateColumns)
            .from(candidates)
            .where(and(scoped(candidates, licenceId), pageCondition(tx, where, window, true)))
            .orderBy(...newestFirst);
        });
    return {
      rows: rows as CandidateRow[],
      total: within ? ids.length : CANDIDATE_COUNT_CAP,
      capped: !within,
      ...(plan && { plan }),
      ...(cvQuery && {
        excerpts: await cvExcerpts(
          db,
          licenceId,
          rows.map((row) => row.id),
          cvQuery,
          excerptProbe(parseCvTerm(filters.search)),
        ),
      }),
    };
  }
  return walkedPage(db, licenceId, where, window);
}

/** The ids of one page, newest first: a walk of the `updated_at` index that stops after the page. */
const pageOf = (db: Db, where: SQL | undefined, window: { limit: number; offset: number }) =>
  db
    .select({ id: candidates.id })
    .from(candidates)
    .where(where)
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);

/**
 * The page's rows: for a text condition, the newest of the short texts' walk (`candidates_walk_idx`, index-only)
 * and of the long ones' (`candidates_long_text_idx`, nearly always empty) merged, then cut (decision 214).
 */
function pageCondition(
  db: Db,
  where: SQL | undefined,
  window: { limit: number; offset: number },
  text: boolean,
) {
  if (!text) return inArray(candidates.id, pageOf(db, where, window));
  const reach = window.limit + window.offset;
  const part = (length: SQL) => sql`(select ${candidates.id} as id, ${candidates.updatedAt} as updated_at
    from ${candidates} where ${and(where, length)} order by ${sql.join(newestFirst, sql`, `)} limit ${reach})`;
  return sql`${candidates.id} in (select page.id from (${part(shortText)} union all ${part(longText)}) page
    order by page.updated_at desc nulls last, page.id desc nulls last
    limit ${window.limit} offset ${window.offset})`;
}

// The search's tag expression, for the modules that select candidates as the search does (bulk erasure).
export { parseTagExpression } from './tag-expression.ts';

/**
 * How many of the licence's candidates match the filters and were created after `since`, counting no further
 * than `cap + 1`: a saved search's new matches (issue 28, decision 208), one statement per saved search. The
 * search's own conditions (names, tags, source, legal basis, and with `inCvs` the files' words); a candidate
 * is updated no earlier than it is created, so `updated_at > since` lets candidates_licence_updated_idx
 * serve the recent range and the count stops at the cap.
 */
export async function countCreatedSince(
  db: Db,
  licenceId: number,
  filters: CandidateSearchFilters,
  since: Date,
  cap: number,
): Promise<number> {
  const where = createdSinceCondition(licenceId, filters, since);
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(candidates)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}
