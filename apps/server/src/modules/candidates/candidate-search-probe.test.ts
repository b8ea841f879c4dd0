import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { plainSearchAnswer, seedTagged, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import {
  type CandidateSearchFilters,
  namedConditions,
  nameTest,
  searchConditions,
} from './candidate-search.conditions.ts';
import { searchCandidates } from './candidate-search.queries.ts';
import {
  namesMayProve,
  PROBE_ROWS,
  planFor,
  probeNewest,
  probeSample,
  probeText,
} from './candidate-search-probe.ts';
import { anyName } from './newest-rows.ts';
import { readTrigramSample, trigramSample, trigramSampleRead } from './search-trigrams.ts';
import { parseTagExpression, tagCondition } from './tag-expression.ts';

// The probe read from the licence's sample (decision 255) counts what the probe's statement counts over the same
// newest candidates; it only chooses a plan, and the answers stay those of a plain query.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const PEOPLE = 2_400;
const FIRST = ['Léa', 'Julien', 'Zoë', 'Éric', 'Anaïs', 'Jules', 'Marc', 'Ju'];
const LAST = ['Martin', 'Lefèvre', 'Dubois', 'Çelik', 'Martinez', 'Ar', 'Nguyen'];
let a: number, b: number, c: number;

/** Candidate `i`'s tags: A on half, B on a third, C on a seventh. */
const tagsOf = (i: number) => [
  ...(i % 2 === 0 ? [a] : []),
  ...(i % 3 === 0 ? [b] : []),
  ...(i % 7 === 0 ? [c] : []),
];

beforeAll(async () => {
  [a, b, c] = (await seedTags(t, org.licence.id, ['A', 'B', 'C'])) as [number, number, number];
  const now = Date.now();
  await seedTagged(t, org.licence.id, PEOPLE, (i) => ({
    firstName: FIRST[i % FIRST.length] as string,
    lastName: LAST[i % LAST.length] as string,
    tagIds: tagsOf(i),
    updatedAt: new Date(now - i * 60_000),
  }));
  // A licence smaller than the probe.
  await seedTagged(t, other.licence.id, 300, (i) => ({
    firstName: 'Léa',
    lastName: 'Martin',
    tagIds: [],
    updatedAt: new Date(now - i * 60_000),
  }));
  await t.db.execute(sql`vacuum analyze candidates`);
}, 60_000);

const terms = [
  'Léa',
  'lea',
  'LEA MARTIN',
  'zoe',
  'ju',
  'é',
  'ar',
  'martin',
  'Lefevre',
  'çel',
  'nobody',
  '%_',
];
const expressions = () => [
  [],
  [`${a}`],
  [`${a}`, 'and', `${b}`, 'or', `${c}`],
  [`${a}`, 'not', `${c}`],
  ['not', `${b}`],
];

/** What probeText is given: the conditions, built when it reads them. */
const thunks = ({ walked, named }: { walked: SQL | undefined; named: SQL[] }) => ({
  walked: () => walked,
  named: () => named,
  tags: () => undefined,
});

const tableProbe = (licenceId: number, filters: CandidateSearchFilters) =>
  probeNewest(t.db, licenceId, searchConditions(licenceId, filters, undefined, 'walk'), {
    tags: tagCondition(filters.tags),
  });

describe('the probe read from the sample (decision 255)', () => {
  it("counts the newest candidates' matches as the probe's statement does", async () => {
    const sample = await readTrigramSample(t.db, org.licence.id);
    expect(sample.newest.rows).toHaveLength(PROBE_ROWS);
    let matched = 0;
    for (const search of terms) {
      for (const elements of expressions()) {
        const filters = { search, tags: parseTagExpression(elements) };
        const label = `${search} ${elements.join(' ')}`;
        const fromTable = await tableProbe(org.licence.id, filters);
        expect(probeSample(sample, search, filters.tags), label).toEqual(fromTable);
        if (fromTable.hits > 0) matched++;
      }
    }
    // Most pairs find some of the newest, and some none: the comparison covers both.
    expect(matched).toBeGreaterThan(40);
    expect(matched).toBeLessThan(terms.length * expressions().length);
  });

  it("counts the names' proof apart from the names' indexes, as the probe's statement does", async () => {
    const L = org.licence.id;
    const sample = await readTrigramSample(t.db, L);
    const proven = [];
    for (const search of ['Martin', 'ju', 'Léa Martin', 'Lefevre', 'jules ar', 'nobody']) {
      const filters = { search, tags: [] };
      const asked = {
        walked: searchConditions(L, filters, undefined, 'walk'),
        named: namedConditions(L, search),
      };
      const fromTable = await probeNewest(t.db, L, asked.walked, asked);
      expect(await probeText(t.db, L, sample, filters, thunks(asked)), search).toEqual(fromTable);
      proven.push(fromTable.named);
    }
    // 'Martin' and 'Martinez' start with 'martin'; the Jules, Julien and Ju with 'ju'; Jules Ar is a first and last name.
    expect(proven).toEqual([686, 900, 43, 343, 43, 0]);
  });

  it("tells from the sample's names which candidates the names' conditions hold, as the table does", async () => {
    const L = org.licence.id;
    const sample = await readTrigramSample(t.db, L);
    const newest = sql`candidates.id in (select id from candidates where licence_id = ${L} and erased_at is null
      order by updated_at desc nulls last, id desc nulls last limit ${PROBE_ROWS})`;
    const counted = [];
    for (const search of [
      'Martin',
      'ju',
      'Léa Martin',
      'LEFEVRE',
      'jules ar',
      'Zoë Çelik',
      'Marc Ar ',
      'nobody',
      'é',
    ]) {
      const named = sql.join(namedConditions(L, search), sql` or `);
      const [row] = await rawRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from candidates where ${newest} and (${named})`,
      );
      // Each row as namedConditions reads it, through nameTest; the sample's rows asked all at once, through anyName.
      const { prefix, wholes } = nameTest(search);
      const held = sample.newest.rows.filter(
        ({ first, last }) =>
          first?.startsWith(prefix) === true ||
          last?.startsWith(prefix) === true ||
          wholes.some(([before, after]) => first === before && last === after),
      );
      expect(held.length, search).toBe(row?.n);
      expect(anyName(sample.newest, nameTest(search)), search).toBe((row?.n ?? 0) > 0);
      counted.push(row?.n);
    }
    // Each kind of condition finds some, and some terms none: the comparison covers both.
    expect(counted.filter((n) => n === 0).length).toBeGreaterThan(0);
    expect(counted.filter((n) => (n ?? 0) > 0).length).toBeGreaterThan(4);
  });

  it("asks the names' proof only when some of the newest candidates hold the term as a name (decision 258)", async () => {
    const L = org.licence.id;
    // Forty candidates older than every other, all named Oscar Wilde: none is among the sample's newest.
    await seedTagged(t, L, 40, (i) => ({
      firstName: 'Oscar',
      lastName: 'Wilde',
      tagIds: [],
      updatedAt: new Date(Date.UTC(2001, 0, 1) - i * 60_000),
    }));
    const sample = await readTrigramSample(t.db, L);
    for (const [search, heldByNewest] of [
      ['Oscar Wilde', false],
      ['wilde', false],
      ['Martin', true],
      ['Léa Martin', true],
    ] as const) {
      const filters = { search, tags: [] };
      const asked = {
        walked: searchConditions(L, filters, undefined, 'walk'),
        named: namedConditions(L, search),
      };
      const fromTable = await probeNewest(t.db, L, asked.walked, asked);
      expect(namesMayProve(sample, search), search).toBe(heldByNewest);
      // Not held by the newest: the table's names hold it, the probe leaves them unasked (its hits are the same).
      const expected = heldByNewest ? fromTable : { ...fromTable, named: 0 };
      if (!heldByNewest) expect(fromTable.named, search).toBe(40);
      expect(await probeText(t.db, L, sample, filters, thunks(asked)), search).toEqual(expected);
    }
    // A licence larger than the newest rows can speak for (PROBE_ROWS times the cap) is always asked.
    expect(
      namesMayProve({ ...sample, candidates: PROBE_ROWS * CANDIDATE_COUNT_CAP + 1 }, 'Oscar Wilde'),
    ).toBe(true);
  });

  it('stands in only for a sample holding as many rows as the probe reads', async () => {
    const sample = await readTrigramSample(t.db, other.licence.id);
    expect(sample.newest.rows).toHaveLength(300);
    expect(probeSample(sample, 'Léa', [])).toBeUndefined();
    expect(probeSample(undefined, 'Léa', [])).toBeUndefined();
  });

  it('chooses the plan from the sample, and the search still answers as a plain query', async () => {
    const L = org.licence.id;
    trigramSample(t.db, L);
    await trigramSampleRead(t.db, L);
    // After the sample, 700 newer candidates make 'Quentin Xylo' frequent among the newest: the table's probe
    // would walk it, the sample's (as of its read) gathers it through the index.
    const now = Date.now();
    await seedTagged(t, L, 700, (i) => ({
      firstName: 'Quentin',
      lastName: 'Xylo',
      tagIds: [a],
      updatedAt: new Date(now + (i + 1) * 1_000),
    }));
    for (const elements of [[], [`${a}`]]) {
      const filters = { search: 'Quentin Xylo', tags: parseTagExpression(elements) };
      expect(planFor(await tableProbe(L, filters))).toBe('walk');
      const window = { limit: 20, offset: 0 };
      const answer = await searchCandidates(t.db, L, filters, window);
      expect(answer.plan).toBe('index');
      const plain = await plainSearchAnswer(t, L, filters, window);
      expect(answer.rows.map((row) => row.id)).toEqual(plain.ids);
      expect({ total: answer.total, capped: answer.capped }).toEqual({ total: 700, capped: false });
    }
  });
});
