import { and, eq, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlannerSettings } from '../../db/planner-settings.ts';
import { candidates } from '../../db/schema/index.ts';
import { explainWith, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { searchConditions } from './candidate-search.conditions.ts';
import {
  PROBE_ROWS,
  type SearchPlan,
  searchCandidates,
  WALK_BUDGET_ROWS,
} from './candidate-search.queries.ts';
import { gatherSettings } from './candidate-search-index.ts';
import { probeNewest, walkReaches } from './candidate-search-probe.ts';
import { inWalkIndex, newestFirst } from './candidate-search-walk.ts';
import { parseTagExpression, tagCondition } from './tag-expression.ts';

// A text search is served by walking the newest candidates or through the trigram index, chosen per query
// from a probe of the newest (issue 29, decision 207): both plans answer the same pages and counts.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const PEOPLE = 3_000;
let remote: number;

/** Every third an engineer, every 50th a designer, three astronauts, and names that repeat. */
const title = (i: number) =>
  i % 3 === 0 ? 'Software engineer' : i % 50 === 1 ? 'Product designer' : i < 3 ? 'Astronaut' : 'Analyst';

/** Contacts whose text passes the 2,000 bytes that candidates_walk_idx holds. */
const isLong = (i: number) => i % 37 === 4;
const longContacts = (i: number) =>
  Array.from({ length: 120 }, (_, k) => `person${i}.address${k}@long.example.com`).join(' ');
/** Every 41st holds more than the 100 tags candidates_walk_idx holds (decision 227), Remote among them. */
const hasManyTags = (i: number) => i % 41 === 8;
let manyTags: number[];

beforeAll(async () => {
  const L = org.licence.id;
  [remote] = (await seedTags(t, L, ['Remote'])) as [number];
  const skills = await seedTags(
    t,
    L,
    Array.from({ length: 100 }, (_, k) => `Skill ${k}`),
  );
  manyTags = [remote, ...skills];
  const now = Date.now();
  for (let from = 0; from < PEOPLE; from += 1_000) {
    await t.db.insert(candidates).values(
      Array.from({ length: 1_000 }, (_, k) => {
        const i = from + k;
        return {
          licenceId: L,
          firstName: ['Maëlle', 'Marc', 'Ada', 'Linus', 'Zoé'][i % 5] ?? 'Ada',
          lastName: `Person${i}`,
          details: { title: title(i) },
          tagIds: hasManyTags(i) ? manyTags : i % 4 === 0 ? [remote] : [],
          // Every 37th has a search text too long for candidates_walk_idx (decision 214).
          ...(isLong(i) && { contactText: longContacts(i) }),
          // Distinct and repeated times: the order's tie-break (id) is compared too.
          updatedAt: new Date(now - Math.floor(i / 2) * 60_000),
        };
      }),
    );
  }
  // Names holding LIKE's pattern characters, each beside one they would match as a wildcard: a walk's strpos and
  // the index's escaped LIKE must both take them literally (decision 230).
  await t.db.insert(candidates).values(
    ['Under_score', 'UnderXscore', 'Fifty%Off', 'FiftyPercentOff', 'Back\\slash', 'Backslash'].map(
      (lastName) => ({
        licenceId: L,
        firstName: 'Ada',
        lastName,
        updatedAt: new Date(now - 30 * 60_000),
      }),
    ),
  );
  // Another licence's engineers never count.
  await t.db.insert(candidates).values(
    Array.from({ length: 50 }, () => ({
      licenceId: other.licence.id,
      firstName: 'X',
      details: { title: 'Software engineer' },
    })),
  );
}, 120_000);

const search = (
  search: string,
  plan: SearchPlan | undefined,
  window = { limit: 20, offset: 0 },
  tags: string[] = [],
) => searchCandidates(t.db, org.licence.id, { search, tags: parseTagExpression(tags) }, window, { plan });

const answer = async (...args: Parameters<typeof search>) => {
  const { rows, total, capped } = await search(...args);
  return { ids: rows.map((row) => row.id), total, capped };
};

const explain = (settings: PlannerSettings, query: SQL) => explainWith(t, settings, query);

describe('text search plans', () => {
  const terms = [
    'engineer',
    'software eng',
    'an',
    'ma',
    'designer',
    'astronaut',
    'maëlle',
    'person12',
    'nobody here',
    'e',
    'er_sc',
    'y%of',
    'k\\s',
  ];
  const windows = [
    { limit: 20, offset: 0 },
    { limit: 20, offset: 40 },
    { limit: 100, offset: 900 },
    { limit: 20, offset: 5_000 },
  ];

  it('answer the same pages and counts walking and through the index, for every frequency', async () => {
    for (const term of terms) {
      for (const window of windows) {
        const walked = await answer(term, 'walk', window);
        const indexed = await answer(term, 'index', window);
        expect(walked, `${term} ${JSON.stringify(window)}`).toEqual(indexed);
      }
      const withTags = ['Remote'].map(() => `${remote}`);
      expect(await answer(term, 'walk', undefined, withTags), `${term} + tag`).toEqual(
        await answer(term, 'index', undefined, withTags),
      );
    }
    // The answers are what the data says: 1,000 engineers (every third), capped past 1,000.
    expect(await answer('engineer', 'walk')).toMatchObject({ total: 1_000, capped: false });
    expect(await answer('analyst', 'walk')).toMatchObject({ total: 1_000, capped: true });
    const titled = (word: string) =>
      Array.from({ length: PEOPLE }, (_, i) => title(i)).filter((name) => name.toLowerCase().includes(word))
        .length;
    expect(await answer('designer', 'index')).toMatchObject({ total: titled('designer'), capped: false });
    expect((await answer('astronaut', 'index')).total).toBe(titled('astronaut'));
    expect(titled('astronaut')).toBeGreaterThan(0);
    for (const [term, plan] of [
      ['er_sc', 'walk'],
      ['y%of', 'index'],
      ['k\\s', 'walk'],
    ] as const) {
      expect((await answer(term, plan)).total, `${term} ${plan}`).toBe(1);
    }
  });

  it('walks the candidates with a long text too, in the same order and count as a plain query', async () => {
    const plain = async (term: string, window: { limit: number; offset: number }) =>
      (
        await t.db
          .select({ id: candidates.id })
          .from(candidates)
          .where(
            and(
              eq(candidates.licenceId, org.licence.id),
              isNull(candidates.erasedAt),
              like(candidates.searchText, `%${term}%`),
            ),
          )
          .orderBy(sql`${candidates.updatedAt} desc nulls last, ${candidates.id} desc nulls last`)
          .limit(window.limit)
          .offset(window.offset)
      ).map((row) => row.id);
    const [longest] = await t.db
      .select({ n: sql<number>`max(octet_length(${candidates.searchText}))::int` })
      .from(candidates);
    expect(longest?.n).toBeGreaterThan(2_000);
    let longShown = 0;
    for (const window of windows) {
      const walked = await answer('engineer', 'walk', window);
      expect(walked.ids, JSON.stringify(window)).toEqual(await plain('engineer', window));
      const shown = await t.db
        .select({ id: candidates.id })
        .from(candidates)
        .where(
          and(inArray(candidates.id, [0, ...walked.ids]), sql`octet_length(${candidates.searchText}) > 2000`),
        );
      longShown += shown.length;
    }
    expect(longShown).toBeGreaterThan(0);
    // A word only a long text holds, found by a walk and counted.
    const only = await answer('address119@long', 'walk', { limit: 100, offset: 0 });
    const longIds = Array.from({ length: PEOPLE }, (_, i) => i).filter(isLong);
    expect(only.total).toBe(longIds.length);
    expect(only.ids).toEqual(await plain('address119@long', { limit: 100, offset: 0 }));
  });

  it('walks the candidates with more tags than the walk index holds too, with their tags checked', async () => {
    const remoteEngineers = await t.db
      .select({ id: candidates.id })
      .from(candidates)
      .where(
        and(
          eq(candidates.licenceId, org.licence.id),
          like(candidates.searchText, '%engineer%'),
          sql`${candidates.tagIds} @> array[${remote}]::int[]`,
        ),
      )
      .orderBy(sql`${candidates.updatedAt} desc nulls last, ${candidates.id} desc nulls last`);
    const withMany = Array.from({ length: PEOPLE }, (_, i) => i).filter(
      (i) => hasManyTags(i) && title(i) === 'Software engineer',
    ).length;
    expect(withMany).toBeGreaterThan(0);
    const everyOne = { limit: 1_000, offset: 0 };
    const walked = await answer('engineer', 'walk', everyOne, [`${remote}`]);
    expect(walked.total).toBe(remoteEngineers.length);
    expect(walked.ids).toEqual(remoteEngineers.map((row) => row.id));
    // A tag only those with many hold: each of them, and nobody else.
    const last = manyTags.at(-1) ?? 0;
    const onlyMany = await answer('engineer', 'walk', everyOne, [`${last}`]);
    expect(onlyMany.total).toBe(withMany);
    expect(onlyMany).toEqual(await answer('engineer', 'index', everyOne, [`${last}`]));
  });

  it('walks a text with a tag from candidates_walk_idx alone, never reading the table (decision 227)', async () => {
    await t.db.execute(sql`vacuum analyze candidates`);
    const filters = { search: 'engineer', tags: parseTagExpression([`${remote}`]) };
    const where = and(searchConditions(org.licence.id, filters), inWalkIndex);
    const plan = await explain(
      { enable_bitmapscan: 'off', enable_seqscan: 'off' },
      sql`explain (analyze, costs off, timing off, summary off)
        select ${candidates.id} from ${candidates} where ${where}
        order by ${sql.join(newestFirst, sql`, `)} limit 20`,
    );
    expect(plan).toContain('Index Only Scan using candidates_walk_idx');
    expect(plan).toContain('Heap Fetches: 0');
  });

  it('keeps the text and the tags in one GIN index, which serves either alone (decision 235)', async () => {
    const indexes = (
      (await t.db.execute(
        sql`select indexname, indexdef from pg_indexes where tablename = 'candidates' and indexdef like '%USING gin%'`,
      )) as unknown as { rows: { indexname: string; indexdef: string }[] }
    ).rows;
    // One scan of it intersects a text and tags (at 1,000,000 candidates: bench figures in the decision).
    expect(indexes).toHaveLength(1);
    expect(indexes[0]?.indexname).toBe('candidates_text_tags_gin');
    expect(indexes[0]?.indexdef).toContain('USING gin (search_text gin_trgm_ops, tag_ids)');
    await t.db.execute(sql`vacuum analyze candidates`);
    for (const filters of [
      { search: 'designer', tags: [] },
      { tags: parseTagExpression([`${manyTags.at(-1)}`]) },
    ]) {
      const where = searchConditions(org.licence.id, filters);
      // With the gather's settings: a bitmap of the filter's index.
      const plan = await explain(
        gatherSettings,
        sql`explain (costs off) select ${candidates.id} from ${candidates} where ${where} limit 1001`,
      );
      expect(plan).toContain('Bitmap Index Scan on candidates_text_tags_gin');
    }
  });

  it('walks a frequent term and takes a rare one through the index', async () => {
    expect(PEOPLE).toBeGreaterThan(PROBE_ROWS);
    expect((await search('engineer', undefined)).plan).toBe('walk');
    expect((await search('an', undefined)).plan).toBe('walk');
    expect((await search('designer', undefined)).plan).toBe('index');
    expect((await search('astronaut', undefined)).plan).toBe('index');
    expect((await search('nobody here', undefined)).plan).toBe('index');
  });

  it('walks a page past the cap where the probe expects its matches near, and not far down', () => {
    // A name in 1 in 100 (20 of the newest 2,000): its first page lies ~2,000 rows down the walk; its 1,000th
    // match ~100,000, past the budget; a term none of the newest hold gives the walk no estimate.
    expect(walkReaches({ read: PROBE_ROWS, hits: 20 }, 20)).toBe(true);
    expect(walkReaches({ read: PROBE_ROWS, hits: 20 }, 1_000)).toBe(false);
    expect(walkReaches({ read: PROBE_ROWS, hits: 0 }, 20)).toBe(false);
    expect(WALK_BUDGET_ROWS).toBe(30_000);
  });

  it("reads the engine's walk budget in the probe: the embedded engine's own, or what an operator sets (decision 229)", async () => {
    const filters = { search: 'engineer', tags: parseTagExpression([]) };
    const where = searchConditions(org.licence.id, filters);
    const probe = await probeNewest(t.db, org.licence.id, where);
    expect(probe.budget).toBe(t.database.kind === 'pglite' ? 16_000 : WALK_BUDGET_ROWS);
    const withBudget = (value: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('vivier.text_walk_budget_rows', ${value}, true)`);
        const read = await probeNewest(tx, org.licence.id, where);
        const { plan } = await searchCandidates(tx, org.licence.id, filters, { limit: 20, offset: 0 });
        return { budget: read.budget, plan };
      });
    // 'engineer', every third candidate, is walked within 30,000 rows, and not within 1,000.
    expect(await withBudget('1000')).toEqual({ budget: 1_000, plan: 'index' });
    expect(await withBudget('30000')).toEqual({ budget: 30_000, plan: 'walk' });
    expect(await withBudget('lots')).toEqual({ budget: WALK_BUDGET_ROWS, plan: 'walk' });
    // A term in 1 in 20 reaches the cap within PostgreSQL's budget and not within the embedded engine's.
    expect(walkReaches({ read: PROBE_ROWS, hits: 100 }, 1_002)).toBe(true);
    expect(walkReaches({ read: PROBE_ROWS, hits: 100, budget: 16_000 }, 1_002)).toBe(false);
  });

  it('counts in the probe how many of the newest hold the tags asked (decision 243)', async () => {
    const tags = tagCondition(parseTagExpression([`${remote}`]));
    const where = searchConditions(org.licence.id, {
      search: 'designer',
      tags: parseTagExpression([`${remote}`]),
    });
    const probe = await probeNewest(t.db, org.licence.id, where, { tags });
    const newest = t.db
      .select({ tagIds: candidates.tagIds })
      .from(candidates)
      .where(and(eq(candidates.licenceId, org.licence.id), isNull(candidates.erasedAt), inWalkIndex))
      .orderBy(...newestFirst)
      .limit(PROBE_ROWS)
      .as('newest');
    const [held] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newest)
      .where(sql`${newest.tagIds} @> array[${remote}]::int[]`);
    expect(probe).toMatchObject({ read: PROBE_ROWS, tagged: held?.n });
    // About every fourth holds Remote.
    expect(held?.n).toBeGreaterThan(400);
    expect(held?.n).toBeLessThan(600);
    expect((await probeNewest(t.db, org.licence.id, where)).tagged).toBeUndefined();
  });

  it('says which plan served in Server-Timing, and a small licence is walked', async () => {
    const res = await t.app.inject({
      url: '/api/candidates/search?filters[search]=engineer',
      headers: org.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toBe('search;desc="walk"');
    expect(res.json().total_count).toBe(1_000);
    const small = await t.app.inject({
      url: '/api/candidates/search?filters[search]=engineer',
      headers: other.admin.headers,
    });
    expect(small.headers['server-timing']).toBe('search;desc="walk"');
    expect(small.json().total_count).toBe(50);
  });
});
