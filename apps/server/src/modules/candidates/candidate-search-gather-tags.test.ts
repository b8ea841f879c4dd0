import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlannerSettings } from '../../db/planner-settings.ts';
import { candidates } from '../../db/schema/index.ts';
import {
  explainWith,
  plainSearchAnswer,
  seedTagged,
  seedTags,
} from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import {
  type CandidateSearchFilters,
  indexedWords,
  searchConditions,
} from './candidate-search.conditions.ts';
import { searchCandidates } from './candidate-search.queries.ts';
import { gatherSettings } from './candidate-search-index.ts';
import { gatherTags, readTrigramSample, trigramSample, trigramSampleRead } from './search-trigrams.ts';
import { parseTagExpression } from './tag-expression.ts';

// A text with tags is gathered asking the index for one tag of each group (decision 254): the answers are those
// of the whole expression, only what the index reads changes.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const PEOPLE = 1_200;
const NAMES = ['Camille Durand', 'Camille Dupont', 'Durand Camille'];
let common: number, mid: number, rare: number, outside: number, elsewhere: number;

/** Every tag of candidate `i`: Common on 900, Mid on 240, Rare on 71, Outside on 172. */
const tagsOf = (i: number) => [
  ...(i % 4 !== 0 ? [common] : []),
  ...(i % 5 === 0 ? [mid] : []),
  ...(i % 17 === 0 ? [rare] : []),
  ...(i % 7 === 0 ? [outside] : []),
];

/** The names in turn, two candidates a minute: the order's tie-break (id) is compared too. */
const seed = (licenceId: number, count: number, tagsOfRow: (i: number) => number[]) => {
  const now = Date.now();
  return seedTagged(t, licenceId, count, (i) => {
    const [firstName, lastName] = (NAMES[i % 3] as string).split(' ') as [string, string];
    return { firstName, lastName, tagIds: tagsOfRow(i), updatedAt: new Date(now - (i >> 1) * 60_000) };
  });
};

beforeAll(async () => {
  [common, mid, rare, outside] = (await seedTags(t, org.licence.id, [
    'Common',
    'Mid',
    'Rare',
    'Outside',
  ])) as [number, number, number, number];
  [elsewhere] = (await seedTags(t, other.licence.id, ['Elsewhere'])) as [number];
  await seed(org.licence.id, PEOPLE, tagsOf);
  // Another licence's namesakes, with its own tag, are never found.
  await seed(other.licence.id, 300, () => [elsewhere]);
  await t.db.execute(sql`vacuum analyze candidates`);
}, 60_000);

const expressions = () => [
  [`${common}`, 'and', `${mid}`, 'or', `${rare}`],
  [`${common}`, 'not', `${outside}`],
  [`${mid}`, 'not', `${outside}`, 'or', `${rare}`, 'and', `${common}`],
  [`${common}`, 'and', `${mid}`, 'and', `${rare}`, 'or', `${outside}`],
  [`${rare}`],
  [`${common}`, 'and', `${elsewhere}`],
];

const ids = async (where: SQL | undefined) =>
  (await t.db.select({ id: candidates.id }).from(candidates).where(where).orderBy(sql`${candidates.id}`)).map(
    (row) => row.id,
  );

const explain = (settings: PlannerSettings, query: SQL) => explainWith(t, settings, query);

describe('a gather asking the index for one tag of each group (decision 254)', () => {
  it("counts each tag's holders among the licence's newest in the sample", async () => {
    const sample = await readTrigramSample(t.db, org.licence.id);
    const holding = (tag: number) =>
      Array.from({ length: PEOPLE }, (_, i) => tagsOf(i)).filter((held) => held.includes(tag));
    expect(sample.tags.get(common)).toBe(holding(common).length);
    expect(sample.tags.get(rare)).toBe(holding(rare).length);
    expect(sample.tags.get(rare)).toBe(71);
    // Another licence's tag is not in this licence's sample.
    expect(sample.tags.has(elsewhere)).toBe(false);
  });

  it('finds the same candidates as the whole expression, for every shape of expression', async () => {
    const sample = await readTrigramSample(t.db, org.licence.id);
    const rareProbe = { read: 2_000, hits: 0 };
    for (const search of ['Camille Durand', 'Durand']) {
      for (const elements of expressions()) {
        const filters: CandidateSearchFilters = { search, tags: parseTagExpression(elements) };
        const asked = gatherTags(filters.tags, indexedWords(search), sample, rareProbe);
        expect(asked, `${search} ${elements.join(' ')}`).toBeDefined();
        const found = await ids(
          searchConditions(org.licence.id, filters, undefined, 'index', { tags: asked }),
        );
        expect(found, `${search} ${elements.join(' ')}`).toEqual(
          await ids(searchConditions(org.licence.id, filters)),
        );
      }
    }
    // The first expression's matches, counted apart: the test compares something.
    const [first] = expressions();
    const matching = Array.from({ length: PEOPLE }, (_, i) => i).filter(
      (i) => i % 3 === 0 && ((i % 4 !== 0 && i % 5 === 0) || i % 17 === 0),
    );
    const filters = { search: 'Camille Durand', tags: parseTagExpression(first as string[]) };
    expect(await ids(searchConditions(org.licence.id, filters))).toHaveLength(matching.length);
  });

  it("asks the index for any of the groups' rarest tags in one scan, the whole expression checked on the rows", async () => {
    const sample = await readTrigramSample(t.db, org.licence.id);
    const filters = {
      search: 'Camille Durand',
      tags: parseTagExpression([`${common}`, 'and', `${mid}`, 'or', `${rare}`]),
    };
    const asked = gatherTags(filters.tags, indexedWords(filters.search), sample, { read: 2_000, hits: 0 });
    expect(asked).toEqual([mid, rare]);
    const where = searchConditions(org.licence.id, filters, undefined, 'index', { tags: asked });
    const plan = await explain(
      gatherSettings,
      sql`explain (costs off) select ${candidates.id} from ${candidates} where ${where} limit 1001`,
    );
    expect(plan).toContain('Bitmap Index Scan on candidates_text_tags_gin');
    // One scan: its condition asks for either tag, and the groups are not scanned one by one.
    expect(plan).toMatch(/Index Cond: .*tag_ids && /);
    expect(plan).not.toContain('BitmapOr');
  });

  it("answers the search's page and count as a plain query does, the sample read", async () => {
    const L = org.licence.id;
    trigramSample(t.db, L);
    await trigramSampleRead(t.db, L);
    expect(trigramSample(t.db, L)?.tags.get(common)).toBe(900);
    for (const search of ['Camille Durand', 'Durand']) {
      for (const elements of expressions()) {
        const filters = { search, tags: parseTagExpression(elements) };
        for (const window of [
          { limit: 20, offset: 0 },
          { limit: 20, offset: 20 },
        ]) {
          const answer = await searchCandidates(t.db, L, filters, window, { plan: 'index' });
          const plain = await plainSearchAnswer(t, L, filters, window);
          const label = `${search} ${elements.join(' ')} from ${window.offset}`;
          expect(
            answer.rows.map((row) => row.id),
            label,
          ).toEqual(plain.ids);
          expect({ total: answer.total, capped: answer.capped }, label).toEqual({
            total: plain.total,
            capped: plain.capped,
          });
        }
      }
    }
  });
});
