import { sql } from 'drizzle-orm';
import {
  type Db,
  FIRST_NAMES,
  type SearchPlan,
  searchCandidates,
  TITLES,
  textCondition,
} from '../../apps/server/src/bench-entry.ts';

/** A search term of the dataset, how common it is (one candidate in `oneIn` matches) and the plan it gets. */
export type FrequencyTerm = { term: string; oneIn: number; plan: SearchPlan | undefined };

/** The frequencies the bench searches at (issue 29: from about 1 in 5 to 1 in 1,000,000). */
const BANDS = [5, 20, 100, 1_000, 10_000, 100_000, 1_000_000];
/** Term frequencies are read over the newest candidates only: a bounded read at any size. */
const SAMPLE = 200_000;

/**
 * Words of the generator's titles and first names, 2- and 3-letter prefixes and a few of the sample's emails,
 * each counted over the newest candidates; for each frequency band the term nearest it, with the plan the
 * search chooses for it (decision 207).
 */
export async function termsByFrequency(db: Db, licenceId: number, candidates: number, emails: string[]) {
  const words = [
    ...new Set(
      [...TITLES, ...FIRST_NAMES]
        .flatMap((text) => text.toLowerCase().split(/[^\p{L}]+/u))
        .filter((word) => word.length >= 4),
    ),
  ];
  const prefixes = [...new Set(FIRST_NAMES.map((name) => name.toLowerCase().slice(0, 2)))].slice(0, 10);
  const candidatesTerms = [...words.slice(0, 60), ...prefixes, ...emails.slice(0, 5)];
  const read = Math.min(candidates, SAMPLE);
  const counted: { term: string; oneIn: number }[] = [];
  for (const term of candidatesTerms) {
    const result = (await db.execute(sql`
      select count(*)::int as n from (
        select search_text from candidates where licence_id = ${licenceId} and erased_at is null
        order by updated_at desc nulls last, id desc nulls last limit ${read}
      ) candidates where ${textCondition(term)}`)) as unknown as { rows: { n: number }[] };
    const n = result.rows[0]?.n ?? 0;
    if (n > 0) counted.push({ term, oneIn: read / n });
  }
  const chosen: FrequencyTerm[] = [];
  for (const band of BANDS.filter((b) => b <= Math.max(candidates, 5))) {
    const nearest = counted
      .filter((c) => !chosen.some((t) => t.term === c.term))
      .sort((a, b) => Math.abs(Math.log(a.oneIn / band)) - Math.abs(Math.log(b.oneIn / band)))[0];
    if (!nearest) continue;
    const { plan } = await searchCandidates(
      db,
      licenceId,
      { search: nearest.term, tags: [] },
      { limit: 20, offset: 0 },
    );
    chosen.push({ ...nearest, plan });
  }
  return chosen;
}
