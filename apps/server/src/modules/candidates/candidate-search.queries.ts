import { CANDIDATE_COUNT_CAP, CANDIDATE_SOURCES_MAX, type CvExcerpt } from '@vivier/contract';
import { and, asc, countDistinct, desc, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import { searchNormalised } from '../../db/schema/search-text.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { type CandidateRow, candidateColumns } from './candidates.queries.ts';
import { cvExcerpts, excerptProbe } from './cv-excerpts.ts';
import { allCvMatchingIds, cvCondition, cvMatchingIds } from './cv-search.queries.ts';
import { cvTsQuery, parseCvTerm } from './cv-text-query.ts';
import { type TagExpression, tagCondition } from './tag-expression.ts';

/**
 * `inCvs`: the term also matches the words of the candidates' files (decision 185, "Search in CVs").
 * `source`: the candidate applied at least once through it (issue 23). `legalBasis`: held on it (issue 24).
 */
export type CandidateSearchFilters = {
  search?: string;
  tags: TagExpression;
  inCvs?: boolean;
  source?: string;
  legalBasis?: 'consent' | 'legitimate_interest';
};

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Newest first, spelled as candidates_licence_updated_idx is built (`DESC NULLS LAST`): a bare `DESC` means
 * NULLS FIRST, and the planner would then sort every candidate of the licence instead of reading the index
 * in order and stopping after the page (770 ms against under 1 ms at 1M candidates).
 */
const newestFirst = [sql`${candidates.updatedAt} desc nulls last`, sql`${candidates.id} desc nulls last`];

/**
 * The parts of a term with several (an email, a phone, "ada love") that the trigram index should serve.
 * Emails share their domain and phones their prefix, whose trigrams are in nearly every row: for those (a term
 * with '@' or a digit) only the longest run of letters and digits is asked of the index, sparing intersecting
 * posting lists of a million entries (100 ms at 1M candidates for '…@mail.test'). Names are asked by their two
 * longest words, whose posting lists intersect to a few rows: asking for one word alone left thousands of
 * rows to read and check (a first name's, 8,700 pages for 'Maëlle Côté' at 1M, bench/plans/search-name.txt).
 * The whole term is then checked on the rows found.
 */
function indexedParts(search: string): string[] | undefined {
  const words = search.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  if (words.length === 0 || words.join('') === search) return undefined;
  const longestFirst = [...words].sort((a, b) => b.length - a.length);
  return longestFirst.slice(0, /[@\d]/.test(search) ? 1 : 2);
}

/**
 * `filters[search]` on the row's search column (names, titles, contacts; schema/candidates.ts): a substring
 * through the trigram index; a 1 or 2 character term, which trigrams cannot serve as a substring, matches the
 * start of a word instead (every word of the column follows a space), which they can.
 */
export function textCondition(search: string): SQL {
  if (search.length <= 2) {
    return sql`${candidates.searchText} like '% ' || ${searchNormalised(sql`${escapeLike(search)}`)} || '%'`;
  }
  const contains = (term: string) =>
    sql`${candidates.searchText} like '%' || ${searchNormalised(sql`${escapeLike(term)}`)} || '%'`;
  const parts = indexedParts(search);
  if (!parts) return contains(search);
  // `strpos` is not indexable: the index serves the parts, strpos checks the whole term.
  return sql`(${sql.join(parts.map(contains), sql` and `)}
    and strpos(${candidates.searchText}, ${searchNormalised(sql`${search}`)}) > 0)`;
}

/**
 * `filters[source]`: the candidates of the licence's applications of that source, read from
 * job_applications_source_idx (licence, source, candidate) alone, an index-only scan however many applications
 * the licence holds; the planner joins it to the candidates as a semi-join.
 */
function sourceCondition(licenceId: number, source: string): SQL {
  const applied = sql`select ${jobApplications.candidateId} from ${jobApplications}
    where ${scoped(jobApplications, licenceId)} and ${jobApplications.source} = ${source}`;
  return sql`${candidates.id} in (${applied})`;
}

/** The search's conditions on the candidate beyond its text and tags: its source and its legal basis. */
function otherConditions(licenceId: number, filters: CandidateSearchFilters): SQL | undefined {
  return and(
    filters.source ? sourceCondition(licenceId, filters.source) : undefined,
    filters.legalBasis ? sql`${candidates.legalBasis} = ${filters.legalBasis}` : undefined,
  );
}

function searchConditions(licenceId: number, filters: CandidateSearchFilters, cvQuery?: SQL) {
  const text = filters.search ? textCondition(filters.search) : undefined;
  return and(
    scoped(candidates, licenceId),
    // An erased candidate (a tombstone, decision 193) is found by no search.
    sql`${candidates.erasedAt} is null`,
    text && cvQuery ? sql`(${text} or ${cvCondition(licenceId, cvQuery)})` : text,
    tagCondition(filters.tags),
    otherConditions(licenceId, filters),
  );
}

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

/** How many candidates match, counting no further than the cap plus one (decision 060). */
const cappedCount = (where: SQL | undefined) =>
  sql<number>`(select count(*)::int from (select 1 from ${candidates} where ${where} limit ${CANDIDATE_COUNT_CAP + 1}) matches)`;

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
 * A page of the licence's candidates matching the filters, newest `updated_at` first (SPEC section 9), with
 * their contacts and tags, and the capped count (decision 060).
 *
 * With a text term, the matches are first gathered through the indexes, up to the cap (matchingIds): when
 * there are no more than that, the page is cut from them (sorting at most 1,000 rows), and their number is the
 * count. Only a term matching more than the cap, common enough to be met within a few thousand rows, walks the
 * `updated_at` index and stops after the page. Tags alone are estimated well from the GIN index's statistics,
 * and a tag on a third of the licence is best met by that walk: the page is the walk and the count a subquery
 * evaluated once, in ONE statement. Only the page's rows get their contacts and tags.
 */
export async function searchCandidates(
  db: Db,
  licenceId: number,
  filters: CandidateSearchFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: CandidateRow[]; total: number; capped: boolean; excerpts?: Map<number, CvExcerpt> }> {
  const cvQuery = filters.search && filters.inCvs ? cvTsQuery(parseCvTerm(filters.search)) : undefined;
  const where = searchConditions(licenceId, filters, cvQuery);
  if (filters.search) {
    // With "Search in CVs", the two sets are gathered apart, each through its own index, and joined here: an
    // OR across two tables in one statement cannot be served by both indexes.
    const named = await matchingIds(db, cvQuery ? searchConditions(licenceId, filters) : where);
    const other = otherConditions(licenceId, filters);
    const inCvs = cvQuery ? await cvMatchingIds(db, licenceId, cvQuery, filters.tags, other) : undefined;
    const ids = inCvs ? [...new Set([...named, ...inCvs.ids])] : named;
    const within = ids.length <= CANDIDATE_COUNT_CAP && !inCvs?.past;
    const rows = await db
      .select(candidateColumns)
      .from(candidates)
      .where(
        within
          ? and(scoped(candidates, licenceId), inArray(candidates.id, ids.length > 0 ? ids : [0]))
          : and(scoped(candidates, licenceId), inArray(candidates.id, pageOf(db, where, window))),
      )
      .orderBy(...newestFirst)
      .limit(within ? window.limit : CANDIDATE_COUNT_CAP)
      .offset(within ? window.offset : 0);
    return {
      rows: rows as CandidateRow[],
      total: within ? ids.length : CANDIDATE_COUNT_CAP,
      capped: !within,
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
  const rows = await db
    .select({ ...candidateColumns, matches: cappedCount(where) })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), inArray(candidates.id, pageOf(db, where, window))))
    .orderBy(...newestFirst);
  // A page past the end carries no count: count apart (rare: a stale link or a hand-typed page).
  const matches = rows[0]?.matches ?? (window.offset === 0 ? 0 : await countApart(db, where));
  return {
    rows: rows.map(({ matches: _, ...row }) => row as CandidateRow),
    total: Math.min(matches, CANDIDATE_COUNT_CAP),
    capped: matches > CANDIDATE_COUNT_CAP,
  };
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

// The search's tag expression, for the modules that select candidates as the search does (bulk erasure).
export { parseTagExpression } from './tag-expression.ts';
