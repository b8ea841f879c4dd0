import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { searchNormalisedText } from '../../db/schema/search-text.ts';
import type { CandidateSearchFilters } from './candidate-search.conditions.ts';
import { countNamed, PROBE_ROWS, type Probe, probeNewest } from './candidate-search-walk.ts';
import type { TrigramSample } from './search-trigrams.ts';
import type { TagExpression } from './tag-expression.ts';

/*
 * The probe of a text search read from the licence's sample instead of the table (decision 255). The probe
 * (probeNewest) counts how many of the licence's 2,000 newest candidates match, to choose the walk or the index
 * and what the index is asked for; it never decides an answer. The sample (search-trigrams.ts) already reads
 * those rows, newest first, for its trigram counts, and now keeps their search column and tags: counting the
 * matches among them here costs ~0.1 ms of the server's time, where the probe's statement cost PostgreSQL ~1.1
 * ms and a round trip (at 50 clients, a quarter of a text with tags' time). The rows are as of the sample's read
 * (at most TRIGRAM_SAMPLE_TTL_MS old), as the planner's statistics are as of the last ANALYZE.
 */

/**
 * Whether a candidate's tags meet the expression, as `tagCondition` reads `tag_ids`: any group whose tags it
 * all holds and none of whose exclusions.
 */
function holdsTags(tagIds: number[], expression: TagExpression): boolean {
  return expression.some(
    (group) =>
      group.all.every((tag) => tagIds.includes(tag)) && !group.none.some((tag) => tagIds.includes(tag)),
  );
}

/**
 * What probeNewest answers for a text (and a tag expression) over the sample's newest rows: the text found as
 * the walk's `strpos` finds it (textCondition, `walk`: the term normalised, a 1-2 character term after a space),
 * the tags as tagCondition. Nothing when the sample cannot stand in for the probe: none yet, or fewer rows than
 * the probe reads (a licence that small, or that was then, is probed in SQL: cheap, and it may have grown).
 */
export function probeSample(
  sample: TrigramSample | undefined,
  search: string,
  tags: TagExpression,
): Probe | undefined {
  if (!sample || sample.newest.length < PROBE_ROWS) return undefined;
  const needle = searchNormalisedText(search.length <= 2 ? ` ${search}` : search);
  let hits = 0;
  let tagged = 0;
  for (const row of sample.newest) {
    if (tags.length > 0 && !holdsTags(row.tagIds, tags)) continue;
    tagged++;
    if (row.text.includes(needle)) hits++;
  }
  return {
    read: sample.newest.length,
    hits,
    budget: sample.budget,
    named: 0,
    ...(tags.length > 0 && { tagged }),
  };
}

/**
 * A text search's probe: from the sample where it stands in, the names' proof (decision 242), when asked, counted
 * apart from the names' indexes; otherwise the probe's statement (probeNewest), which reads the table's newest
 * rows, and the applications for a source.
 */
export async function probeText(
  db: Db,
  licenceId: number,
  sample: TrigramSample | undefined,
  filters: CandidateSearchFilters & { search: string },
  asked: { walked: SQL | undefined; named?: SQL[]; tags?: SQL },
): Promise<Probe> {
  const { walked, named, tags } = asked;
  const standsIn = !filters.source && !filters.legalBasis;
  const fromSample = standsIn ? probeSample(sample, filters.search, filters.tags) : undefined;
  if (!fromSample) return probeNewest(db, licenceId, walked, { named, tags });
  return named?.length ? { ...fromSample, named: await countNamed(db, named) } : fromSample;
}
