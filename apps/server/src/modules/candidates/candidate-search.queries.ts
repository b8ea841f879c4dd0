import { CANDIDATE_COUNT_CAP, CANDIDATE_SOURCES_MAX, type CvExcerpt } from '@vivier/contract';
import { and, asc, countDistinct, desc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { readWith } from '../../db/planner-settings.ts';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import {
  type CandidateSearchFilters,
  createdSinceCondition,
  indexedWords,
  lazily,
  namedConditions,
  otherConditions,
  searchConditions,
} from './candidate-search.conditions.ts';
import { indexedTextPage, matchingIds, pastTheCapPage } from './candidate-search-index.ts';
import { planFor, probeText, type SearchPlan } from './candidate-search-probe.ts';
import { tagsPage } from './candidate-search-tags.ts';
import {
  filterPage,
  newestFirst,
  pageCondition,
  textWalkSettings,
  walkedTextPage,
} from './candidate-search-walk.ts';
import { type CandidateRow, candidateColumns } from './candidates.queries.ts';
import { cvExcerpts, excerptProbe } from './cv-excerpts.ts';
import { allCvMatchingIds, cvMatchingIds } from './cv-search.queries.ts';
import { cvTsQuery, parseCvTerm } from './cv-text-query.ts';
import { gatherTags, mayPassTheCap, rarestTrigrams, trigramSample } from './search-trigrams.ts';
import { tagCondition } from './tag-expression.ts';
import { boundedByHolders, tagsPlannedOnce } from './tag-holders.ts';

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
 * A page of the licence's candidates matching the filters, newest `updated_at` first (SPEC section 9), with
 * their contacts and tags, and the capped count (decision 060).
 *
 * A text term is served by one of two plans (planFor, decision 207). A rare one's matches are gathered through
 * the indexes, up to the cap (indexedTextPage): when there are no more than that, the page is cut from them
 * in the same statement (decision 231), and their number is the count; past the cap the page is read on its
 * own. A text alone that more than the cap hold as a name, or a name's start, is proven past it by the probe,
 * from the names' indexes, and only its page is read, on either plan (decisions 242, 246); the names are asked
 * only when the licence's trigram sample shows the term may pass the cap (decision 247) and, where the sample
 * stands in for the probe, when its newest rows hold the term as a name (decision 258). A frequent one (a job
 * title, a 2-letter prefix), which would fill a bitmap with a large part of the licence, is walked at once.
 * With "Search in CVs" the index plan always serves (the files' matches are gathered apart). Tags alone are
 * estimated well from the GIN index's statistics: their matches are gathered once up to the cap, counted, and
 * the page cut from them within the cap or walked past it, in ONE statement (filterPage, decision 234); unless
 * their holders in candidate_tags prove them past the cap in that statement (decision 245). Only the page's rows
 * get their contacts and tags.
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
  /** The count was proven past the cap by the names' indexes, not by gathering or walking (decision 242). */
  countedByName?: boolean;
  /** The count was proven past the cap by the tags' holders, without gathering (decision 245). */
  countedByTags?: boolean;
}> {
  const cvQuery = filters.search && filters.inCvs ? cvTsQuery(parseCvTerm(filters.search)) : undefined;
  // Each condition is built when its plan first reads it (lazily, decision 261): building one cost the server 20
  // to 60 µs, and most searches read one or two of them.
  const text = cvQuery ? undefined : filters.search || undefined;
  // What the probe and a walk read row by row: the same match, spelled for a walk (decision 230).
  const walked = lazily(() => (text ? searchConditions(licenceId, filters, undefined, 'walk') : undefined));
  const tags = lazily(() => tagCondition(filters.tags));
  // A text alone may be a name many candidates hold whole: the probe then also counts those (decision 242),
  // unless the licence's sample shows the term too rare to pass the cap (decision 247).
  const textAlone = text && filters.tags.length === 0 && !filters.source && !filters.legalBasis;
  const sample = text ? trigramSample(db, licenceId) : undefined;
  const named =
    textAlone && mayPassTheCap(text, sample) ? lazily(() => namedConditions(licenceId, text)) : undefined;
  // Counted over the licence's sample where it stands in for the newest rows (decision 255), the names' proof
  // then asked only when the sample's newest hold the term as a name (decision 258).
  const probe = text
    ? await probeText(db, licenceId, sample, { ...filters, search: text }, { walked, named, tags })
    : undefined;
  const plan = probe ? (options.plan ?? planFor(probe)) : undefined;
  const where = lazily(() => searchConditions(licenceId, filters, cvQuery));
  if (probe && (probe.named ?? 0) > CANDIDATE_COUNT_CAP) {
    // More candidates than the cap hold the term as a name: the count is the cap's without gathering or walking
    // to it, and the page alone is read, as past the cap it always is.
    const rows = await pastTheCapPage(db, licenceId, { indexed: where, walked }, window, probe);
    return {
      rows: rows as CandidateRow[],
      total: CANDIDATE_COUNT_CAP,
      capped: true,
      plan,
      countedByName: true,
    };
  }
  if (plan === 'walk') return { ...(await walkedTextPage(db, licenceId, walked(), window)), plan };
  if (probe && filters.search) {
    // The gather asks for the words' rarest trigrams when the licence's sample and the probe expect few rows to
    // check (decision 240), the whole term checked on them either way. The page past the cap is left to the
    // planner with the whole words, whose estimates it was tuned on (decision 216).
    // With tags, the index is asked for one tag of each group when the rows let through stay few (decision 254).
    const words = indexedWords(filters.search);
    const asked = {
      keys: rarestTrigrams(words, sample, probe),
      tags: gatherTags(filters.tags, words, sample, probe),
    };
    // A text alone, or with its tags asked as one key, is gathered by one plan whatever the values (a bitmap scan
    // of the text's keys and those tags), planned once (decisions 252, 254). With a tag expression asked whole, a
    // source or a legal basis, the plan follows what the planner estimates of their values: the groups go into
    // the GIN index's condition only when it sees them (a generic plan filtered them on 5,001 rows for 103).
    const once =
      !filters.source && !filters.legalBasis && (filters.tags.length === 0 || asked.tags !== undefined);
    const gathered = searchConditions(licenceId, filters, cvQuery, once ? 'gather' : 'index', asked);
    const conditions = { indexed: where, walked, gathered: { where: gathered, once } };
    const page = await indexedTextPage(db, licenceId, conditions, window, probe);
    return { ...page, plan };
  }
  if (filters.search && cvQuery) {
    // With "Search in CVs", the two sets are gathered apart, each through its own index, and joined here: an
    // OR across two tables in one statement cannot be served by both indexes.
    const named = await matchingIds(db, searchConditions(licenceId, filters));
    const inCvs = await cvMatchingIds(
      db,
      licenceId,
      cvQuery,
      filters.tags,
      otherConditions(licenceId, filters),
    );
    const ids = [...new Set([...named, ...inCvs.ids])];
    const within = ids.length <= CANDIDATE_COUNT_CAP && !inCvs.past;
    const rows = await (within
      ? db
          .select(candidateColumns)
          .from(candidates)
          .where(and(scoped(candidates, licenceId), inArray(candidates.id, ids.length > 0 ? ids : [0])))
          .orderBy(...newestFirst)
          .limit(window.limit)
          .offset(window.offset)
      : readWith(db, textWalkSettings, (tx) =>
          tx
            .select(candidateColumns)
            .from(candidates)
            .where(and(scoped(candidates, licenceId), pageCondition(where(), window)))
            .orderBy(...newestFirst),
        ));
    return {
      rows: rows as CandidateRow[],
      total: within ? ids.length : CANDIDATE_COUNT_CAP,
      capped: !within,
      excerpts: await cvExcerpts(
        db,
        licenceId,
        rows.map((row) => row.id),
        cvQuery,
        excerptProbe(parseCvTerm(filters.search)),
      ),
    };
  }
  // Tags alone may be proven past the cap by their holders (decision 245): then only the page is read. With such a
  // bound, and no common group it cannot speak for in the licence's sample, the statement is planned once
  // (decision 257). Its statement is prepared for the expression's shape (decision 263).
  if (!filters.source && !filters.legalBasis) {
    const bounded = boundedByHolders(filters.tags);
    const once = tagsPlannedOnce(filters.tags, bounded, bounded ? trigramSample(db, licenceId) : undefined);
    const { proven, ...page } = await tagsPage(db, licenceId, filters.tags, window, once);
    return proven ? { ...page, countedByTags: true } : page;
  }
  return filterPage(db, licenceId, where(), window);
}

// What the plans test and the bench read of the walk.
export { PROBE_ROWS, type SearchPlan, WALK_BUDGET_ROWS } from './candidate-search-probe.ts';

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
