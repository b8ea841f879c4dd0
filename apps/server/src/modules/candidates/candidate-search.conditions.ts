import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import { searchNormalised, searchNormalisedOnce, searchNormalisedText } from '../../db/schema/search-text.ts';
import { scoped, type Tenant } from '../../db/tenant-scope.ts';
import { cvCondition } from './cv-search.queries.ts';
import { cvTsQuery, parseCvTerm } from './cv-text-query.ts';
import { gatheredTagCondition, type TagExpression, type TagRef, tagCondition } from './tag-expression.ts';

/*
 * The candidate search's conditions (SPEC section 9, decisions 060, 185, 207): what a candidate must hold to
 * match the text, the tag expression, the source and the legal basis. The plans that read them (index or walk,
 * the capped count) are in candidate-search.queries.ts and candidate-search-walk.ts; saved searches and their
 * alerts reuse them here.
 */

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
 * How a text condition is read: `index`, through the trigram index, which serves `LIKE`; `walk`, row by row as
 * a walk of the newest reads it (decision 207), where `strpos` answers the same and costs less (decision 230);
 * `gather`, as `index` but for a statement planned once for every term (decision 252), whose settings fix its
 * plan: the term's patterns are computed once per statement, not for every row checked.
 */
export type TextRead = 'index' | 'gather' | 'walk';

/**
 * A condition built when it is first asked for, then kept (decision 261): a search reads only those of its plan,
 * and Drizzle's building of one (80 to 110 SQL chunks for a text) costs the server 20 to 60 µs.
 */
export function lazily<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

/** The words of a term the trigram index is asked for (indexedParts), or the whole term when it has one. */
export const indexedWords = (search: string) => indexedParts(search) ?? [search];

/**
 * `filters[search]` on the row's search column (names, titles, contacts; schema/candidates.ts): a substring
 * through the trigram index; a 1 or 2 character term, which trigrams cannot serve as a substring, matches the
 * start of a word instead (every word of the column follows a space), which they can. Walked, the same match
 * is one `strpos`: the whole term (or a space and the short term) found in the column, with no pattern to
 * escape and no parts for an index to serve.
 */
export function textCondition(search: string, read: TextRead = 'index', keys?: string[]): SQL {
  if (read === 'walk') {
    // Normalised once: a walk's statement is planned once for every term (decision 252).
    const needle = searchNormalisedOnce(search.length <= 2 ? sql`' ' || ${search}` : sql`${search}`);
    return sql`strpos(${candidates.searchText}, ${needle}) > 0`;
  }
  // A scalar subquery is computed once (an InitPlan), but hides the pattern from the planner's estimates: only
  // where the plan is generic anyway.
  const once = (value: SQL) => (read === 'gather' ? sql`(select ${value})` : value);
  if (search.length <= 2) {
    const pattern = sql`'% ' || ${searchNormalised(sql`${escapeLike(search)}`)} || '%'`;
    return sql`${candidates.searchText} like ${once(pattern)}`;
  }
  const contains = (term: string) =>
    sql`${candidates.searchText} like ${once(sql`'%' || ${searchNormalised(sql`${escapeLike(term)}`)} || '%'`)}`;
  // The index is asked for each word's rarest trigram (search-trigrams.ts, decision 240: letters and digits,
  // nothing to escape) or for the term's parts.
  const asked = keys?.length
    ? keys.map((trigram) => sql`${candidates.searchText} like ${`%${trigram}%`}`)
    : indexedParts(search)?.map(contains);
  if (!asked) return contains(search);
  // `strpos` is not indexable: the index serves what was asked, strpos checks the whole term.
  return sql`(${sql.join(asked, sql` and `)}
    and strpos(${candidates.searchText}, ${once(searchNormalised(sql`${search}`))}) > 0)`;
}

/** The most spaces of a term at which namedConditions splits it into a first and a last name. */
const NAME_SPLITS = 3;

/**
 * Conditions each enough for a candidate to match a text term: a first name, or a last name, starting with the
 * term once both are normalised ('Laurent', 'Laur', 'ju'; decision 246); or, for a term with spaces, a first name
 * equal to what comes before one of them and a last name to what follows ('Inès Martin'). The search
 * column holds the first name, a space and the last name after a space, so such a candidate holds the term (and,
 * for a 1-2 character term, a word starting with it). Each is read from a names' index alone
 * (candidates_first_name_idx, candidates_last_name_idx, migration 0044): counting 1,001 entries proves a
 * frequent name past the cap without reading a row (decision 242). They prove, never exclude: a candidate
 * matching none may still match.
 */
export function namedConditions(licenceId: number, search: string): SQL[] {
  const live = sql`${scoped(candidates, licenceId)} and ${candidates.erasedAt} is null`;
  // The text normalised once (decision 252): the probe that asks these is planned once for every term.
  const is = (name: AnyPgColumn, text: string) =>
    sql`${searchNormalised(sql`${name}`)} = ${searchNormalisedOnce(sql`${text}`)}`;
  // A name starting with the text: the range lets the index stop after the names sharing the prefix (in the
  // database's collation; one that orders them apart only loses a proof), starts_with decides.
  const startsWith = (name: AnyPgColumn, text: string) => {
    const [held, asked] = [searchNormalised(sql`${name}`), searchNormalisedOnce(sql`${text}`)];
    return sql`${held} >= ${asked} and ${held} <= ${asked} || chr(1114111) and starts_with(${held}, ${asked})`;
  };
  const conditions = [
    sql`${live} and ${startsWith(candidates.firstName, search)}`,
    sql`${live} and ${startsWith(candidates.lastName, search)}`,
  ];
  for (const [first, last] of nameSplits(search)) {
    // The whole last name: its index holds the first names after the raw last name, so a range of last names
    // would read every 'Martin…' for one 'Camille' (decision 246).
    conditions.push(sql`${live} and ${is(candidates.lastName, last)} and ${is(candidates.firstName, first)}`);
  }
  return conditions;
}

/** A term split at each of its first NAME_SPLITS spaces: what comes before it and what follows. */
function nameSplits(search: string): [string, string][] {
  const splits: [string, string][] = [];
  for (
    let at = search.indexOf(' ');
    at >= 0 && splits.length < NAME_SPLITS;
    at = search.indexOf(' ', at + 1)
  ) {
    splits.push([search.slice(0, at), search.slice(at + 1)]);
  }
  return splits;
}

/**
 * namedConditions in the server's own code: the prefix a first or last name may start with and the first and last
 * names a candidate may have, each normalised as the names' indexes hold them (searchNormalised; a missing name
 * meets nothing, as SQL's null). The term is normalised once here (searchNormalisedText), for a test over many
 * rows (newest-rows.ts: anyName). What reads the licence's sample estimates with it (decision 258), never answers.
 */
export function nameTest(search: string): { prefix: string; wholes: [string, string][] } {
  return {
    prefix: searchNormalisedText(search),
    wholes: nameSplits(search).map(([before, after]) => [
      searchNormalisedText(before),
      searchNormalisedText(after),
    ]),
  };
}

/**
 * `filters[source]`: the candidates of the licence's applications of that source, read from
 * job_applications_source_idx (licence, source, candidate) alone, an index-only scan however many applications
 * the licence holds; the planner joins it to the candidates as a semi-join.
 */
function sourceCondition(licenceId: Tenant, source: string): SQL {
  const applied = sql`select ${jobApplications.candidateId} from ${jobApplications}
    where ${scoped(jobApplications, licenceId)} and ${jobApplications.source} = ${source}`;
  return sql`${candidates.id} in (${applied})`;
}

/** The search's conditions on the candidate beyond its text and tags: its source and its legal basis. */
export function otherConditions(
  licenceId: Tenant,
  filters: Pick<CandidateSearchFilters, 'source' | 'legalBasis'>,
): SQL | undefined {
  return and(
    filters.source ? sourceCondition(licenceId, filters.source) : undefined,
    filters.legalBasis ? sql`${candidates.legalBasis} = ${filters.legalBasis}` : undefined,
  );
}

/**
 * What a gather asks the GIN index for, where the whole condition is checked on the rows found: the text's
 * keys (its words' rarest trigrams, decision 240) and the tags (one of each group's, decision 254).
 */
export type IndexAsked = { keys?: string[]; tags?: number[] };

export function searchConditions(
  licenceId: Tenant,
  // The tags' ids, or placeholders for them in a statement prepared for the expression's shape (decision 263).
  filters: Omit<CandidateSearchFilters, 'tags'> & { tags: TagExpression<TagRef> },
  cvQuery?: SQL,
  read: TextRead = 'index',
  asked: IndexAsked = {},
) {
  const text = filters.search ? textCondition(filters.search, read, asked.keys) : undefined;
  return and(
    scoped(candidates, licenceId),
    // An erased candidate (a tombstone, decision 193) is found by no search.
    sql`${candidates.erasedAt} is null`,
    text && cvQuery ? sql`(${text} or ${cvCondition(licenceId, cvQuery)})` : text,
    asked.tags ? gatheredTagCondition(filters.tags, asked.tags) : tagCondition(filters.tags),
    otherConditions(licenceId, filters),
  );
}

/**
 * The search's conditions on the candidates created after `since` (and, when given, no later than `until`):
 * names, tags, source, legal basis, and with `inCvs` the files' words. A candidate is updated no earlier than it
 * is created, so `updated_at > since` lets candidates_licence_updated_idx serve the recent range. Shared by a
 * saved search's new matches and its alert (decisions 208, 209).
 */
export function createdSinceCondition(
  licenceId: number,
  filters: CandidateSearchFilters,
  since: Date,
  until?: Date,
): SQL | undefined {
  const cvQuery = filters.search && filters.inCvs ? cvTsQuery(parseCvTerm(filters.search)) : undefined;
  const after = since.toISOString();
  return and(
    searchConditions(licenceId, filters, cvQuery),
    sql`${candidates.updatedAt} > ${after}::timestamptz`,
    sql`${candidates.createdAt} > ${after}::timestamptz`,
    until ? sql`${candidates.createdAt} <= ${until.toISOString()}::timestamptz` : undefined,
  );
}
