import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidates } from '../../db/schema/index.ts';
import { plainSearchAnswer, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { namedConditions } from './candidate-search.conditions.ts';
import { type SearchPlan, searchCandidates } from './candidate-search.queries.ts';
import { mayPassTheCap, trigramSample, trigramSampleRead } from './search-trigrams.ts';
import { parseTagExpression } from './tag-expression.ts';

// A name that more candidates than the count's cap hold whole is proven past the cap from the names' indexes,
// without gathering or walking its matches (decision 242): the page and the count are what a plain query over
// every match answers, on both plans, and anything the names cannot prove is counted as before.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
let remote: number;
/** Ids of the 1,050 whose last name is Laurent, spelled four ways. */
let laurents: number[];

beforeAll(async () => {
  const L = org.licence.id;
  [remote] = (await seedTags(t, L, ['Remote'])) as [number];
  const now = Date.now();
  const spellings = ['Laurent', 'LAURENT', 'Laurént', 'laurent'];
  const rows = Array.from({ length: 3_000 }, (_, i) => {
    // 1,050 Laurents, 60 Laurentins (a match that is not the whole name), 20 first names Laurent, the rest others.
    const [firstName, lastName] =
      i % 2 === 0 && i < 2_100
        ? ['Ada', spellings[i % 4] as string]
        : i % 50 === 1
          ? ['Ada', 'Laurentin']
          : i % 97 === 3
            ? ['Laurent', 'Morel']
            : ['Ada', `Person${i}`];
    return {
      licenceId: L,
      firstName,
      lastName,
      tagIds: i % 5 === 0 ? [remote] : [],
      // Repeated times: the order's tie-break (id) is compared too.
      updatedAt: new Date(now - Math.floor(i / 3) * 60_000),
    };
  });
  const inserted = await t.db.insert(candidates).values(rows).returning({ id: candidates.id });
  laurents = inserted.filter((_, i) => i % 2 === 0 && i < 2_100).map((row) => row.id);
  // Another licence's Martins never prove this licence's few.
  await t.db.insert(candidates).values(
    Array.from({ length: 1_100 }, () => ({
      licenceId: other.licence.id,
      firstName: 'Ada',
      lastName: 'Martin',
    })),
  );
  await t.db
    .insert(candidates)
    .values(Array.from({ length: 12 }, () => ({ licenceId: L, firstName: 'Ada', lastName: 'Martin' })));
  await t.db.execute(sql`vacuum analyze candidates`);
  // As a server holds it after its first search: the sample decides which terms the names are asked to prove
  // (decision 247); 'ada laurentin' below is one it spares them.
  trigramSample(t.db, L);
  await trigramSampleRead(t.db, L);
  expect(mayPassTheCap('ada laurentin', trigramSample(t.db, L))).toBe(false);
}, 120_000);

const search = (term: string, window = { limit: 20, offset: 0 }, plan?: SearchPlan, tags: string[] = []) =>
  searchCandidates(t.db, org.licence.id, { search: term, tags: parseTagExpression(tags) }, window, { plan });

/** The page and capped count a plain query over every match answers. */
const plain = (term: string, window: { limit: number; offset: number }, tags: string[] = []) =>
  plainSearchAnswer(t, org.licence.id, { search: term, tags: parseTagExpression(tags) }, window);

const answer = async (...args: Parameters<typeof search>) => {
  const { rows, total, capped, countedByName } = await search(...args);
  return { ids: rows.map((row) => row.id), total, capped, countedByName: countedByName === true };
};

const windows = [
  { limit: 20, offset: 0 },
  { limit: 20, offset: 60 },
  { limit: 100, offset: 900 },
  { limit: 20, offset: 2_000 },
];

/** The plan PostgreSQL runs for `query`, with its row counts. */
const explain = async (query: SQL) => {
  const result = await t.db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`);
  return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
    .map((row) => row['QUERY PLAN'])
    .join('\n');
};

describe('a name past the cap', () => {
  it('is counted from the names, with the page and count a plain query answers, on both plans', async () => {
    // A last name, a first and last name together (every Laurent is an Ada), and the start of a last name: a
    // 2-letter term matches the start of a word, which a name starting with it is (decision 246).
    for (const term of ['laurent', 'Laurent', 'LAURÉNT', 'Ada Laurent', 'ADA LAURÉNT', 'la', 'Laur']) {
      for (const window of windows) {
        const expected = await plain(term, window);
        expect(expected.capped).toBe(true);
        for (const plan of [undefined, 'walk', 'index'] as const) {
          expect(await answer(term, window, plan), `${term} ${plan} ${JSON.stringify(window)}`).toEqual({
            ...expected,
            countedByName: true,
          });
        }
      }
    }
  });

  it('reads the names from their indexes alone, not the table', async () => {
    const [first, last] = namedConditions(org.licence.id, 'Laurent') as [SQL, SQL];
    const [, , both] = namedConditions(org.licence.id, 'Ada Laurent') as [SQL, SQL, SQL];
    for (const [where, index] of [
      [last, 'candidates_last_name_idx'],
      [first, 'candidates_first_name_idx'],
      [both, 'candidates_last_name_idx'],
    ] as const) {
      const plan = await explain(
        sql`select count(*) from (select 1 from ${candidates} where ${where} limit 1001) n`,
      );
      expect(plan).toContain(`Index Only Scan using ${index}`);
      expect(plan).toContain('Heap Fetches: 0');
    }
  });

  it("is not proven by another licence's names, nor where a tag also filters", async () => {
    // Twelve Martins here, 1,100 in the other licence.
    expect(await answer('martin')).toMatchObject({ total: 12, capped: false, countedByName: false });
    expect(await answer('ada martin')).toMatchObject({ total: 12, capped: false, countedByName: false });
    // A first name and a last name that are each frequent, but not together.
    expect(await answer('ada laurentin')).toMatchObject({ total: 60, capped: false, countedByName: false });
    for (const window of windows.slice(0, 2)) {
      const withTag = await answer('laurent', window, undefined, [`${remote}`]);
      expect(withTag).toEqual({ ...(await plain('laurent', window, [`${remote}`])), countedByName: false });
      expect(withTag.total).toBeLessThan(1_000);
    }
  });

  it('is counted as before once fewer than the cap hold a name starting with the term', async () => {
    // 100 Laurents erased: 950 hold the name whole, 1,010 with the Laurentins, whose name starts with it.
    const erased = laurents.slice(0, 100);
    await t.db
      .update(candidates)
      .set({ erasedAt: new Date(), firstName: null, lastName: null })
      .where(inArray(candidates.id, erased));
    const past = await answer('laurent');
    expect(past).toEqual({ ...(await plain('laurent', { limit: 20, offset: 0 })), countedByName: true });
    expect(past.capped).toBe(true);
    // 'laurenti' is the Laurentins' 60 alone: counted; and with a first name, only the whole last name proves.
    expect(await answer('laurenti')).toMatchObject({ total: 60, capped: false, countedByName: false });
    expect(await answer('ada laur')).toMatchObject({ capped: true, countedByName: false });
    // 100 more renamed: 930 match, each counted.
    await t.db
      .update(candidates)
      .set({ lastName: 'Renamed' })
      .where(and(eq(candidates.licenceId, org.licence.id), inArray(candidates.id, laurents.slice(100, 200))));
    for (const window of windows) {
      const within = await answer('laurent', window);
      expect(within).toEqual({ ...(await plain('laurent', window)), countedByName: false });
      expect(within).toMatchObject({ total: 930, capped: false });
    }
  });

  it('says in Server-Timing that the names counted', async () => {
    // 1,001 more people named Laurent by their first name: that name now proves the count past the cap.
    await t.db.insert(candidates).values(
      Array.from({ length: 1_001 }, () => ({
        licenceId: org.licence.id,
        firstName: 'Laurent',
        lastName: 'Ng',
      })),
    );
    const res = await t.app.inject({
      url: '/api/candidates/search?filters[search]=laurent',
      headers: org.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toMatch(/^search;desc="(walk|index)", count;desc="names"$/);
    expect(res.json()).toMatchObject({ total_count: 1_000, total_count_capped: true });
    const none = await t.app.inject({
      url: '/api/candidates/search?filters[search]=person12',
      headers: org.admin.headers,
    });
    expect(none.headers['server-timing']).not.toContain('names');
  });
});
