import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainSearchAnswer, seedTagged, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { userActor } from '../audit/audit.service.ts';
import { eraseCandidates } from '../privacy/erasure.service.ts';
import { searchCandidates } from './candidate-search.queries.ts';
import { parseTagExpression } from './tag-expression.ts';

// Tags alone that more candidates than the count's cap surely hold are proven past it from candidate_tags'
// index, without gathering their matches (decision 245): the page and the count are what a plain query over
// every match answers, and whatever the holders cannot prove is counted as before.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const PEOPLE = 1_500;
/** Common on 1,200 (i % 5 != 0); Few on 150 (i % 10 == 0); Odd on 150 (i % 10 == 1); Even on 750 (i % 2 == 0). */
let common: number, few: number, odd: number, even: number, outside: number;
/** Edge on 1,010, then 20 of them erased; another licence's Big on 1,100 of its own. */
let edge: number, big: number;
let edgeHolders: number[];

/** Ada PersonN with the tags given, several at each minute: the order's tie-break (id) is compared too. */
const seedHolding = (licenceId: number, tagsOf: (i: number) => number[], count: number) => {
  const now = Date.now();
  return seedTagged(t, licenceId, count, (i) => ({
    firstName: 'Ada',
    lastName: `Person${i}`,
    tagIds: tagsOf(i),
    updatedAt: new Date(now - Math.floor(i / 3) * 60_000),
  }));
};

beforeAll(async () => {
  const L = org.licence.id;
  [common, few, odd, even, edge, outside] = (await seedTags(t, L, [
    'Common',
    'Few',
    'Odd',
    'Even',
    'Edge',
    'Outside',
  ])) as [number, number, number, number, number, number];
  [big] = (await seedTags(t, other.licence.id, ['Big'])) as [number];
  await seedHolding(
    L,
    (i) => [
      ...(i % 5 !== 0 ? [common] : []),
      ...(i % 10 === 0 ? [few] : []),
      ...(i % 10 === 1 ? [odd] : []),
      ...(i % 2 === 0 ? [even] : []),
      ...(i % 5 === 0 ? [outside] : []),
    ],
    PEOPLE,
  );
  edgeHolders = await seedHolding(L, () => [edge], 1_010);
  await seedHolding(other.licence.id, () => [big], 1_100);
  await t.db.transaction((tx) =>
    eraseCandidates(tx, {
      licenceId: L,
      candidateIds: edgeHolders.slice(0, 20),
      actor: userActor({ userId: org.admin.id, email: org.admin.email }),
      reason: 'retention',
    }),
  );
  await t.db.execute(sql`vacuum analyze candidates`);
  await t.db.execute(sql`vacuum analyze candidate_tags`);
}, 120_000);

const ids = (...elements: (number | string)[]) => elements.map(String);

async function answer(tags: string[], window: { limit: number; offset: number }) {
  const { rows, total, capped, countedByTags } = await searchCandidates(
    t.db,
    org.licence.id,
    { tags: parseTagExpression(tags) },
    window,
  );
  return { ids: rows.map((row) => row.id), total, capped, countedByTags: countedByTags === true };
}

describe('tags proven past the cap by their holders', () => {
  it('answers what a plain query answers, proving only what the holders prove', async () => {
    const cases: [string[], boolean][] = [
      [ids(common), true],
      [ids(few, 'or', common), true],
      // Odd's 150 taken from Common's 1,200: more than the cap.
      [ids(common, 'not', odd), true],
      // Outside's 300 hold no Common: its 1,200 are read and proven (decision 253), where subtracting every holder
      // of the excluded tag proved 900.
      [ids(common, 'not', outside), true],
      // Half of Common's holders hold Even: 600 found, counted (600 match).
      [ids(common, 'not', even), false],
      // Two tags a group needs, or none: nothing proven, counted (1,050 and 1,650 match).
      [ids(common, 'and', even, 'or', odd), false],
      [ids('not', few), false],
      [ids(few), false],
      // 1,010 tagged, 20 of them erased since: 990, within the cap.
      [ids(edge), false],
      // Another licence's tag, held by 1,100 of its candidates: none here, and Few's 150 with it.
      [ids(big), false],
      [ids(big, 'or', few), false],
    ];
    const windows = [
      { limit: 20, offset: 0 },
      { limit: 3, offset: 2 },
      { limit: 100, offset: 900 },
      { limit: 20, offset: 5_000 },
    ];
    for (const [tags, proven] of cases) {
      for (const window of windows) {
        const expected = await plainSearchAnswer(
          t,
          org.licence.id,
          { tags: parseTagExpression(tags) },
          window,
        );
        expect(await answer(tags, window), `${tags} ${JSON.stringify(window)}`).toEqual({
          ...expected,
          countedByTags: proven && expected.ids.length > 0,
        });
      }
    }
    expect(await answer(ids(edge), { limit: 20, offset: 0 })).toMatchObject({ total: 990, capped: false });
    expect(await answer(ids(big), { limit: 20, offset: 0 })).toMatchObject({ total: 0, ids: [] });
  });

  it('says in Server-Timing that the tags counted', async () => {
    const proven = await t.app.inject({
      url: `/api/candidates/search?filters[tags][]=${common}`,
      headers: org.admin.headers,
    });
    expect(proven.statusCode).toBe(200);
    expect(proven.headers['server-timing']).toBe('count;desc="tags"');
    expect(proven.json()).toMatchObject({ total_count: 1_000, total_count_capped: true });
    // With another filter the holders prove nothing: it is counted.
    const sourced = await t.app.inject({
      url: `/api/candidates/search?filters[tags][]=${common}&filters[source]=linkedin`,
      headers: org.admin.headers,
    });
    expect(sourced.statusCode, sourced.body).toBe(200);
    expect(sourced.headers['server-timing']).toBeUndefined();
    expect(sourced.json()).toMatchObject({ total_count: 0 });
  });
});
