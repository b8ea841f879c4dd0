import { sql } from 'drizzle-orm';
import {
  type Db,
  FIRST_NAMES,
  LAST_NAMES,
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
 * Words of the generator's titles and first names, its last names (from 1 in 10 to 1 in a few thousand), first
 * and last names together (down to 1 in tens of thousands), 2-letter prefixes and the emails of the five newest
 * candidates (one candidate each, inside the counted sample whatever the licence's size), each counted over the
 * newest candidates; for each frequency band the term nearest it, with the plan the search chooses for it
 * (decision 207).
 */
export async function termsByFrequency(db: Db, licenceId: number, candidates: number) {
  const words = [
    ...new Set(
      [...TITLES, ...FIRST_NAMES]
        .flatMap((text) => text.toLowerCase().split(/[^\p{L}]+/u))
        .filter((word) => word.length >= 4),
    ),
  ];
  const prefixes = [...new Set(FIRST_NAMES.map((name) => name.toLowerCase().slice(0, 2)))].slice(0, 10);
  const lastNames = LAST_NAMES.map((name) => name.toLowerCase());
  // Spread over both lists, so common and rare names meet (steps prime to both lengths).
  const fullNames = Array.from({ length: 24 }, (_, i) =>
    `${FIRST_NAMES[(i * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(i * 11) % LAST_NAMES.length]}`.toLowerCase(),
  );
  const candidatesTerms = [
    ...words.slice(0, 60),
    ...lastNames,
    ...fullNames,
    ...prefixes,
    ...(await newestEmails(db, licenceId)),
  ];
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

/** The first email of the licence's five newest candidates: each matches one candidate of the counted sample. */
async function newestEmails(db: Db, licenceId: number): Promise<string[]> {
  const result = (await db.execute(sql`
    select contact_text from candidates where licence_id = ${licenceId} and erased_at is null
    order by updated_at desc nulls last, id desc nulls last limit 5`)) as unknown as {
    rows: { contact_text: string }[];
  };
  return result.rows
    .map((row) => row.contact_text.split(' ')[0] ?? '')
    .filter((email) => email.includes('@'));
}
