import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidates } from '../../db/schema/index.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { searchConditions } from './candidate-search.conditions.ts';
import { searchCandidates } from './candidate-search.queries.ts';
import { WALK_BUDGET_ROWS } from './candidate-search-probe.ts';
import { indexNewest } from './newest-rows.ts';
import {
  gatherTags,
  mayPassTheCap,
  RAREST_KEYS_ROW_BUDGET,
  rarestTrigrams,
  readTrigramSample,
  TAG_OVERLAP_ROW_BUDGET,
  type TrigramSample,
  trigramSample,
  trigramSampleRead,
} from './search-trigrams.ts';
import { parseTagExpression } from './tag-expression.ts';

// A text gathered through the trigram index may be asked for by its words' rarest trigrams (decision 240): the
// answers never change, only what the index reads.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const sampleOf = (
  counts: Record<string, number>,
  sampled = 10_000,
  size = 1_000_000,
  tags: Record<number, number> = {},
): TrigramSample => ({
  sampled,
  candidates: size,
  counts: new Map(Object.entries(counts)),
  tags: new Map(Object.entries(tags).map(([tag, n]) => [Number(tag), n])),
  newest: indexNewest([]),
  budget: WALK_BUDGET_ROWS,
  readAt: Date.now(),
});
const rare = { read: 2_000, hits: 0 };

describe("a term's rarest trigrams", () => {
  it("asks for each word's rarest trigram when together they let few rows through", () => {
    // Counted at 1,000,000 candidates on PostgreSQL (the bench's dataset).
    const sample = sampleOf({
      ...{ cam: 1_109, ami: 1_156, mil: 1_152, ill: 1_160, lle: 1_440 },
      ...{ mar: 1_490, art: 1_272, rti: 1_116, tin: 1_294, ine: 3_039, nez: 144 },
    });
    // 1,000,000 × 1,109/10,000 × 144/10,000 = 1,597 rows let through.
    expect(rarestTrigrams(['Martinez', 'Camille'], sample, rare)).toEqual(['nez', 'cam']);
  });

  it('reads a word as the search column holds it: lower case, accents removed', () => {
    const sample = sampleOf({ exu: 3, xup: 1, upe: 2, per: 900, ery: 40 });
    expect(rarestTrigrams(['Éxupéry'], sample, rare)).toEqual(['xup']);
  });

  it('asks for whole words when the rows let through would be many, unless the term is frequent', () => {
    // 'dub' in 2.7 % of the sample: 27,000 rows at a million, past the budget for a rare term…
    const sample = sampleOf({ dub: 270, ubo: 270, boi: 270, ois: 538 });
    expect(27_000).toBeGreaterThan(RAREST_KEYS_ROW_BUDGET);
    expect(rarestTrigrams(['Dubois'], sample, rare)).toBeUndefined();
    // …but when the probe finds the term itself in 1 in 40 of the newest, the heap stops at the cap's worth of
    // matches, about 1,100 rows checked.
    expect(rarestTrigrams(['Dubois'], sample, { read: 2_000, hits: 50 })).toEqual(['dub']);
  });

  it('lets through only the share of the newest holding the tags, which the index intersects (decision 243)', () => {
    const sample = sampleOf({
      ...{ cam: 1_109, ami: 1_156, mil: 1_152, ill: 1_160, lle: 1_440 },
      ...{ mar: 1_490, art: 1_272, rti: 1_116, tin: 1_294 },
    });
    // 'Camille Martin' alone: 1,000,000 × 1,109/10,000 × 1,116/10,000 = 12,376 rows, past the budget…
    expect(rarestTrigrams(['Camille', 'Martin'], sample, rare)).toBeUndefined();
    // …with tags 1 in 20 of the newest hold, 619; with tags none of them holds, taken as held by one.
    expect(rarestTrigrams(['Camille', 'Martin'], sample, { ...rare, tagged: 100 })).toEqual(['cam', 'rti']);
    expect(rarestTrigrams(['Camille', 'Martin'], sample, { ...rare, tagged: 0 })).toEqual(['cam', 'rti']);
    // Tags most of them hold spare nothing.
    expect(rarestTrigrams(['Camille', 'Martin'], sample, { ...rare, tagged: 1_500 })).toBeUndefined();
  });

  it('asks for whole words without a sample, or for a word it cannot translate character for character', () => {
    expect(rarestTrigrams(['Camille'], undefined, rare)).toBeUndefined();
    expect(rarestTrigrams(['Camille'], sampleOf({}, 0, 0), rare)).toBeUndefined();
    expect(rarestTrigrams(['Дмитрий'], sampleOf({ cam: 1 }), rare)).toBeUndefined();
    expect(rarestTrigrams(["O'Brien"], sampleOf({ bri: 1 }), rare)).toBeUndefined();
  });
});

describe('the tags a gather asks the index for (decision 254)', () => {
  // Counted at 1,000,000 candidates on PostgreSQL (the bench's dataset): tag 1 on a third of the newest.
  const sample = sampleOf(
    { cam: 1_109, ami: 1_156, mil: 1_152, ill: 1_160, lle: 1_440, dur: 210, ura: 700, ran: 900, and: 950 },
    10_000,
    1_000_000,
    { 1: 3_460, 6: 754, 11: 530, 21: 217, 26: 150 },
  );
  const expression = (...elements: string[]) => parseTagExpression(elements);

  it("asks for the rarest of each group's tags when together with the text they let few rows through", () => {
    // 'Camille Durand' with (1 AND 11) OR 26: 1,000,000 × 1,109/10,000 × 210/10,000 × (530 + 150)/10,000 = 158.
    expect(gatherTags(expression('1', 'and', '11', 'or', '26'), ['Camille', 'Durand'], sample, rare)).toEqual(
      [11, 26],
    );
    // A tag the sample never met is taken as met once, so it is the rarest.
    expect(gatherTags(expression('1', 'and', '99'), ['Durand'], sample, rare)).toEqual([99]);
    // A tag two groups would ask for is asked once.
    expect(
      gatherTags(expression('1', 'and', '21', 'or', '6', 'and', '21'), ['Durand'], sample, rare),
    ).toEqual([21]);
  });

  it('asks for nothing when the rows let through would be many, unless the heap stops early at the cap', () => {
    // 'Camille' with 1 OR 6: 1,000,000 × 1,109/10,000 × (3,460 + 754)/10,000 = 46,732.
    expect(gatherTags(expression('1', 'or', '6'), ['Camille'], sample, rare)).toBeUndefined();
    // 'Durand' with 6 OR 21: 1,000,000 × 210/10,000 × 971/10,000 = 2,039, past the budget…
    expect(2_039).toBeGreaterThan(TAG_OVERLAP_ROW_BUDGET);
    expect(gatherTags(expression('6', 'or', '21'), ['Durand'], sample, rare)).toBeUndefined();
    // …but with the text and tags in 1 in 500 of the newest (2,000 matches), the heap checks about 1,020.
    expect(gatherTags(expression('6', 'or', '21'), ['Durand'], sample, { read: 2_000, hits: 4 })).toEqual([
      6, 21,
    ]);
  });

  it('asks for nothing for a group of exclusions alone, without a sample, or for a word it cannot tell', () => {
    // NOT 6 holds candidates holding none of the tags: no tag asked would let them through.
    expect(gatherTags(expression('not', '6', 'or', '26'), ['Durand'], sample, rare)).toBeUndefined();
    expect(gatherTags(expression('26', 'not', '6'), ['Durand'], sample, rare)).toEqual([26]);
    expect(gatherTags(expression('26'), ['Durand'], undefined, rare)).toBeUndefined();
    expect(gatherTags(expression('26'), ['Durand'], sampleOf({}, 0, 0), rare)).toBeUndefined();
    expect(gatherTags(expression('26'), ['Дмитрий'], sample, rare)).toBeUndefined();
    expect(gatherTags([], ['Durand'], sample, rare)).toBeUndefined();
  });
});

describe('whether a term may pass the cap (decision 247)', () => {
  // Counted at 1,000,000 candidates on PostgreSQL (the bench's dataset).
  const sample = sampleOf({
    ...{ cam: 1_109, ami: 1_156, mil: 1_152, ill: 1_160, lle: 1_440 },
    ...{ mar: 1_490, art: 1_272, rti: 1_116, tin: 1_294, ine: 3_039, nez: 144 },
    ...{ lov: 3, ove: 400, vel: 90, ela: 200, lac: 60, ace: 150 },
  });

  it('says yes for a word or words that may together be held by more than a quarter of the cap', () => {
    // 'Martin': 1,000,000 × 1,116/10,000 = 111,600; 'Camille Martinez': 1,109 × 144 / 10⁸ × 10⁶ = 1,597.
    expect(mayPassTheCap('Martin', sample)).toBe(true);
    expect(mayPassTheCap('Camille Martinez', sample)).toBe(true);
    // A word of one or two letters tells nothing: 'Lovelace' alone decides (300, below).
    expect(mayPassTheCap('Lovelace Jr', sample)).toBe(true);
  });

  it('says no when the sample shows the term too rare to pass it', () => {
    // 'Lovelace': 1,000,000 × 3/10,000 = 300, past a quarter of the cap; with 'Camille', 33.
    expect(mayPassTheCap('Lovelace', sample)).toBe(true);
    expect(mayPassTheCap('Camille Lovelace', sample)).toBe(false);
    // Words apart whatever separates them: under one in a thousand of the sample.
    expect(mayPassTheCap('Camille  Martinez-Lovelace', sample)).toBe(false);
    // A trigram the sample never met: none of the newest hold the word.
    expect(mayPassTheCap('Zyxwvut', sample)).toBe(false);
    // A licence no larger than the cap never passes it, whatever the term.
    expect(mayPassTheCap('Martin', sampleOf({ rti: 900 }, 1_000, 1_000))).toBe(false);
  });

  it('says yes when it cannot tell: no sample, an empty one, a 2-letter term, a word it cannot translate', () => {
    expect(mayPassTheCap('Lovelace Camille', undefined)).toBe(true);
    expect(mayPassTheCap('Lovelace Camille', sampleOf({}, 0, 0))).toBe(true);
    expect(mayPassTheCap('ju', sample)).toBe(true);
    expect(mayPassTheCap('Дмитрий', sample)).toBe(true);
    // A word it cannot translate only narrows the others: the one it can tell decides.
    expect(mayPassTheCap('Дмитрий Lovelace', sample)).toBe(true);
    expect(mayPassTheCap('Дмитрий Camille Lovelace', sample)).toBe(false);
  });
});

describe("a licence's trigram sample", () => {
  beforeAll(async () => {
    const row = (licenceId: number, firstName: string, lastName: string, minutesAgo: number) => ({
      licenceId,
      firstName,
      lastName,
      updatedAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await t.db.insert(candidates).values([
      // The term; rows holding every trigram of its words but not the term, which the whole term's check
      // leaves out; rows holding its commoner trigrams only.
      ...Array.from({ length: 30 }, (_, i) => row(org.licence.id, 'Camille', 'Martinez', i)),
      ...Array.from({ length: 25 }, (_, i) => row(org.licence.id, 'Martinez', 'Camille', 40 + i)),
      ...Array.from({ length: 25 }, (_, i) => row(org.licence.id, 'Camillo', 'Martin', 70 + i)),
      ...Array.from({ length: 40 }, (_, i) => row(org.licence.id, 'Ada', `Lovelace${i}`, 100 + i)),
      // Another licence's candidates are neither counted nor found.
      ...Array.from({ length: 50 }, (_, i) => row(other.licence.id, 'Camille', 'Martinez', i)),
    ]);
  }, 60_000);

  it("counts the rows of the licence's newest candidates holding each trigram", async () => {
    const sample = await readTrigramSample(t.db, org.licence.id);
    expect(sample.sampled).toBe(120);
    expect(sample.candidates).toBe(120);
    expect(sample.counts.get('nez')).toBe(55);
    expect(sample.counts.get('lle')).toBe(55);
    expect(sample.counts.get('cam')).toBe(80);
    expect(sample.counts.get('llo')).toBe(25);
    expect(sample.counts.get('ada')).toBe(40);
  });

  it('answers the same matches asked by the rarest trigrams as by the whole words', async () => {
    const filters = { search: 'Camille Martinez', tags: [] };
    const keys = rarestTrigrams(['Martinez', 'Camille'], await readTrigramSample(t.db, org.licence.id), rare);
    // 'ine' and 'lle' in 55 rows each, where every other trigram of the words is in 80.
    expect(keys).toEqual(['ine', 'lle']);
    const ids = async (keys?: string[]) =>
      (
        await t.db
          .select({ id: candidates.id })
          .from(candidates)
          .where(searchConditions(org.licence.id, filters, undefined, 'index', { keys }))
          .orderBy(sql`${candidates.id}`)
      ).map((row) => row.id);
    const asked = await ids(keys);
    expect(asked).toHaveLength(30);
    // Asked by the keys alone, the 25 rows of 'Martinez Camille' come too.
    const [holding] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(candidates)
      .where(
        sql`${candidates.licenceId} = ${org.licence.id} and ${candidates.searchText} like '%ine%' and ${candidates.searchText} like '%lle%'`,
      );
    expect(holding?.n).toBe(55);
    expect(asked).toEqual(await ids());
  });

  it('is read in the background, once, and then serves the search, whose page and count are unchanged', async () => {
    const L = org.licence.id;
    const filters = { search: 'Camille Martinez', tags: [] };
    const window = { limit: 20, offset: 0 };
    // The first ask starts the read and answers nothing: no search waits for it.
    expect(trigramSample(t.db, L)).toBeUndefined();
    const walked = await searchCandidates(t.db, L, filters, window, { plan: 'walk' });
    await trigramSampleRead(t.db, L);
    expect(trigramSample(t.db, L)?.counts.get('nez')).toBe(55);
    const indexed = await searchCandidates(t.db, L, filters, window, { plan: 'index' });
    expect(indexed.total).toBe(30);
    expect(indexed.rows.map((row) => row.id)).toEqual(walked.rows.map((row) => row.id));
    expect(walked.total).toBe(30);
  });
});
