import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { genericPlans, readWith } from '../../db/planner-settings.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { candidates } from '../../db/schema/index.ts';
import { searchNormalisedText } from '../../db/schema/search-text.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { type CandidateSearchFilters, nameTest } from './candidate-search.conditions.ts';
import { inWalkIndex, newestFirst } from './candidate-search-walk.ts';
import { anyName, countNewest } from './newest-rows.ts';
import type { TrigramSample } from './search-trigrams.ts';
import type { TagExpression } from './tag-expression.ts';

/*
 * The probe of a text search (decisions 207, 225): how many of the licence's 2,000 newest candidates match, which
 * chooses the walk or the index (planFor) and what the index is asked for; it never decides an answer. Read from
 * the table (probeNewest), or counted in the server over the licence's sample (probeSample, decision 255): the
 * sample (search-trigrams.ts) already reads those rows, newest first, for its trigram counts, and keeps their
 * search column and tags; counting the matches among them costs a few microseconds of the server's time through
 * the rows' runs of characters (newest-rows.ts, decision 260), where the probe's statement cost PostgreSQL ~1.1 ms
 * and a round trip (at 50 clients, a quarter of a text with tags' time). The rows are as of the sample's read (at
 * most TRIGRAM_SAMPLE_TTL_MS old), as the planner's statistics are as of the last ANALYZE. probeText chooses
 * between the two.
 */

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
 * the two cost the same at 1M candidates on PostgreSQL, its text read from candidates_walk_idx alone (decision
 * 214). An engine may set its own in `vivier.text_walk_budget_rows`: the embedded one does (pglite-settings.ts),
 * where a row walked costs more beside the index (decision 229), and an operator may tune a server's with
 * `ALTER DATABASE … SET`. The probe reads it in its own statement, so the search never learns the engine.
 */
export const WALK_BUDGET_ROWS = 30_000;
const setting = sql`current_setting('vivier.text_walk_budget_rows', true)`;
// A value that is not a whole number is ignored rather than failing every text search.
export const walkBudgetSetting = sql<number>`coalesce(case when ${setting} ~ '^[0-9]{1,9}$' then ${setting}::int end, ${WALK_BUDGET_ROWS})`;

/**
 * How many of the licence's newest candidates the probe read, how many of them match, the engine's walk
 * budget (WALK_BUDGET_ROWS when absent), how many candidates hold the term as a whole name, counted no further
 * than the cap plus one (0 when not asked), and how many of those read hold the tags asked (when asked).
 */
export type Probe = { read: number; hits: number; budget?: number; named?: number; tagged?: number };

/**
 * How many of the licence's `PROBE_ROWS` newest candidates match the filter: one read of an index. Those
 * `candidates_walk_idx` holds only, which holds the text and tags: a filter of text and tags is probed without
 * reading the table (0.9 ms against 2.9 at 1M candidates, where the `updated_at` index's probe fetched 2,000 rows
 * from the heap). The few rows past it (decisions 214, 227) are left out of an estimate they would hardly move.
 * With `named` (namedConditions), the same statement counts, up to the cap plus one, the candidates each of them
 * proves, from the names' indexes alone (decision 242), and answers the greater. With `tags`, it counts how many
 * of the newest hold them, which the text alone would let through (rarestTrigrams, decision 243).
 */
export async function probeNewest(
  db: Db,
  licenceId: number,
  where: SQL | undefined,
  asked: { named?: SQL[]; tags?: SQL } = {},
): Promise<Probe> {
  const { named, tags } = asked;
  // Its plan is the same for every term (the newest rows, the names' ranges): planned once (decision 252).
  return readWith(db, genericPlans, (generic) => probeWith(generic, licenceId, where, named, tags));
}

async function probeWith(
  db: Db,
  licenceId: number,
  where: SQL | undefined,
  named: SQL[] | undefined,
  tags: SQL | undefined,
): Promise<Probe> {
  const newest = db
    .select({
      hit: sql<boolean>`${where ?? sql`true`}`.as('hit'),
      tagged: sql<boolean>`${tags ?? sql`true`}`.as('tagged'),
    })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), sql`${candidates.erasedAt} is null`, inWalkIndex))
    .orderBy(...newestFirst)
    .limit(PROBE_ROWS)
    .as('newest');
  const [probe] = await db
    .select({
      read: sql<number>`count(*)::int`,
      hits: sql<number>`(count(*) filter (where ${newest.hit}))::int`,
      tagged: sql<number>`(count(*) filter (where ${newest.tagged}))::int`,
      budget: walkBudgetSetting,
      named: named?.length
        ? sql<number>`greatest(${sql.join(named.map(countUpToCap), sql`, `)})`
        : sql<number>`0`,
    })
    .from(newest);
  return {
    read: probe?.read ?? 0,
    hits: probe?.hits ?? 0,
    budget: probe?.budget ?? WALK_BUDGET_ROWS,
    named: probe?.named ?? 0,
    ...(tags && { tagged: probe?.tagged ?? 0 }),
  };
}

/**
 * The most candidates any of `named` proves (namedConditions), counting no further than the cap plus one: the
 * names' part of the probe alone, from the names' indexes, where the sample stands in for the newest rows
 * (decision 255). Planned once, as the probe is.
 */
export function countNamed(db: Db, named: SQL[]): Promise<number> {
  return readWith(db, genericPlans, async (generic) => {
    const [row] = await rawRows<{ named: number }>(
      generic,
      sql`select greatest(${sql.join(named.map(countUpToCap), sql`, `)}) as named`,
    );
    return row?.named ?? 0;
  });
}

/** How many candidates meet `where`, counting no further than the cap plus one: a scalar subquery. */
const countUpToCap = (where: SQL) =>
  sql`(select count(*)::int from (select 1 from ${candidates} where ${where}
    limit ${sql.raw(String(CANDIDATE_COUNT_CAP + 1))}) proven)`;

/** Whether a walk is expected to meet `matches` matches within the walk's budget of rows, by the probe. */
export const walkReaches = ({ read, hits, budget = WALK_BUDGET_ROWS }: Probe, matches: number) =>
  hits > 0 && (matches * read) / hits <= budget;

/**
 * The plan for a text search, from the probe: a licence smaller than the probe, or a term so frequent that the
 * cap's worth of matches lies within the walk's budget, is walked; any other through the index. The two answer
 * the same page and count (candidate-search.test.ts).
 */
export function planFor(probe: Probe): SearchPlan {
  if (probe.read < PROBE_ROWS) return 'walk';
  return walkReaches(probe, CANDIDATE_COUNT_CAP + 1) ? 'walk' : 'index';
}

/**
 * What probeNewest answers for a text (and a tag expression) over the sample's newest rows: the text found as
 * the walk's `strpos` finds it (textCondition, `walk`: the term normalised, a 1-2 character term after a space),
 * the tags as tagCondition; counted through the rows' runs of characters and tags (countNewest, decision 260).
 * Nothing when the sample cannot stand in for the probe: none yet, or fewer rows than the probe reads (a licence
 * that small, or that was then, is probed in SQL: cheap, and it may have grown).
 */
export function probeSample(
  sample: TrigramSample | undefined,
  search: string,
  tags: TagExpression,
): Probe | undefined {
  if (!sample || sample.newest.rows.length < PROBE_ROWS) return undefined;
  const needle = searchNormalisedText(search.length <= 2 ? ` ${search}` : search);
  const { hits, tagged } = countNewest(sample.newest, needle, tags);
  return {
    read: sample.newest.rows.length,
    hits,
    budget: sample.budget,
    named: 0,
    ...(tags.length > 0 && { tagged }),
  };
}

/**
 * Whether the names' proof is worth its statement (decision 258): a term none of the sample's newest rows hold as
 * a name (nameTest, asked of them all at once: anyName) is not asked, where a name the cap's worth of candidates
 * hold would be expected among them at least once (a licence of up to PROBE_ROWS times the cap). One that many
 * hold is then missed once in e^1 times, one held by three times the cap once in e^3: the matches are gathered to
 * the cap as any others are, a few milliseconds. The proof itself costs a round trip and half a millisecond of
 * both sides' time on every text search that asks it, and most terms people search for are held by few.
 */
export function namesMayProve(sample: TrigramSample, search: string): boolean {
  if (sample.candidates > PROBE_ROWS * CANDIDATE_COUNT_CAP) return true;
  return anyName(sample.newest, nameTest(search));
}

/**
 * A text search's probe: from the sample where it stands in, the names' proof (decision 242), when asked and
 * the sample's names let it prove (namesMayProve), counted apart from the names' indexes; otherwise the probe's
 * statement (probeNewest), which reads the table's newest rows, and the applications for a source. The
 * conditions are built only for a statement that reads them (lazily, decision 261).
 */
export async function probeText(
  db: Db,
  licenceId: number,
  sample: TrigramSample | undefined,
  filters: CandidateSearchFilters & { search: string },
  asked: { walked: () => SQL | undefined; named?: () => SQL[]; tags: () => SQL | undefined },
): Promise<Probe> {
  const { walked, named, tags } = asked;
  const standsIn = !filters.source && !filters.legalBasis;
  const fromSample = standsIn ? probeSample(sample, filters.search, filters.tags) : undefined;
  if (!fromSample) return probeNewest(db, licenceId, walked(), { named: named?.(), tags: tags() });
  if (!named || !sample || !namesMayProve(sample, filters.search)) return fromSample;
  return { ...fromSample, named: await countNamed(db, named()) };
}
