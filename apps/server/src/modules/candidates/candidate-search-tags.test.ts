import { beforeAll, describe, expect, it } from 'vitest';
import { plainSearchAnswer, seedTagged, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { searchCandidates } from './candidate-search.queries.ts';
import { TAG_SHAPES_MAX, tagsShape } from './candidate-search-tags.ts';
import { parseTagExpression } from './tag-expression.ts';

// Tags alone are read through a statement prepared for the expression's shape (decision 263): one statement
// serves every expression of a shape, each with its own values, and past TAG_SHAPES_MAX shapes the statement is
// built as before. Every answer is a plain query's.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const PEOPLE = 1_300;
/** Tag k is held by every DIVISORS[k]-th candidate: T0 by all (past the cap), T7 by 21. */
const DIVISORS = [1, 2, 3, 5, 7, 11, 13, 60];
let tags: number[];
/** A tag of the other licence, held by its candidates only. */
let theirs: number;

beforeAll(async () => {
  tags = await seedTags(
    t,
    org.licence.id,
    DIVISORS.map((_, k) => `T${k}`),
  );
  [theirs] = (await seedTags(t, other.licence.id, ['Theirs'])) as [number];
  const now = Date.now();
  await seedTagged(t, org.licence.id, PEOPLE, (i) => ({
    firstName: 'Ada',
    lastName: `Person${i}`,
    tagIds: tags.filter((_, k) => i % (DIVISORS[k] as number) === 0),
    // Pairs share a time: the order's tie-break (id) is compared too.
    updatedAt: new Date(now - Math.floor(i / 2) * 60_000),
  }));
  await seedTagged(t, other.licence.id, 30, (i) => ({
    firstName: 'Theirs',
    lastName: `Person${i}`,
    tagIds: [theirs],
    updatedAt: new Date(now - i * 60_000),
  }));
}, 120_000);

const T = (k: number) => String(tags[k]);

async function expectPlainAnswers(expressions: string[][], windows: { limit: number; offset: number }[]) {
  const seen = { proven: 0, within: 0, empty: 0 };
  for (const elements of expressions) {
    const filters = { tags: parseTagExpression(elements) };
    for (const window of windows) {
      const expected = await plainSearchAnswer(t, org.licence.id, filters, window);
      const { rows, total, capped, countedByTags } = await searchCandidates(
        t.db,
        org.licence.id,
        filters,
        window,
      );
      expect(
        { ids: rows.map((row) => row.id), total, capped },
        `${elements} ${JSON.stringify(window)}`,
      ).toEqual(expected);
      if (countedByTags) seen.proven += 1;
      else if (expected.ids.length > 0) seen.within += 1;
      else seen.empty += 1;
    }
  }
  return seen;
}

describe('tagsShape', () => {
  it('names an expression by its groups’ sizes and holds its ids, in order, as the values', () => {
    const a = tagsShape(parseTagExpression(['3', 'and', '4', 'or', '5', 'not', '6']));
    const b = tagsShape(parseTagExpression(['9', 'and', '8', 'or', '7', 'not', '1']));
    expect(a.shape.name).toBe(b.shape.name);
    expect(a.values).toEqual({ t0: 3, t1: 4, t2: 5, t3: 6 });
    expect(b.values).toEqual({ t0: 9, t1: 8, t2: 7, t3: 1 });
    // The groups' sizes, not the number of tags, tell shapes apart.
    const names = [['1', 'and', '2'], ['1', 'or', '2'], ['1', 'not', '2'], ['1'], []].map(
      (elements) => tagsShape(parseTagExpression(elements)).shape.name,
    );
    expect(new Set(names).size).toBe(5);
  });

  it('keeps the longest expression’s name within PostgreSQL’s 63 bytes', () => {
    const elements = Array.from({ length: 25 }, (_, i) => [String(i + 1), 'or']).flat();
    const { shape, values } = tagsShape(parseTagExpression(elements.slice(0, -1)));
    expect(shape.name.length).toBeLessThanOrEqual(63);
    expect(Object.keys(values)).toHaveLength(25);
  });
});

describe('a page of tags alone, prepared for its shape', () => {
  it('answers each expression of a shape with its own values, as a plain query does', async () => {
    const seen = await expectPlainAnswers(
      [
        // One tag: past the cap (proven by its holders), within it, and another licence's tag (no one).
        [T(0)],
        [T(1)],
        [T(7)],
        [String(theirs)],
        // A AND NOT B.
        [T(0), 'not', T(1)],
        [T(1), 'not', T(0)],
        [T(3), 'not', T(2)],
        // A OR B, one of them another licence's.
        [T(0), 'or', T(1)],
        [T(6), 'or', T(7)],
        [String(theirs), 'or', T(7)],
        // A AND B OR C: the first group has no bound.
        [T(1), 'and', T(2), 'or', T(7)],
        [T(2), 'and', T(3), 'or', T(6)],
        // No tags: the candidates' list.
        [],
      ],
      [
        { limit: 20, offset: 0 },
        { limit: 3, offset: 2 },
        { limit: 20, offset: 40 },
        { limit: 100, offset: 900 },
        // Past the end: the count is read apart.
        { limit: 20, offset: 1_500 },
      ],
    );
    expect(seen.proven).toBeGreaterThan(0);
    expect(seen.within).toBeGreaterThan(0);
    expect(seen.empty).toBeGreaterThan(0);
  });

  it(`answers as a plain query past ${TAG_SHAPES_MAX} shapes, where the statement is built unprepared`, async () => {
    // The shape of i: its binary digits, a group each, `A AND B` for a 1 and `A` for a 0.
    const expressions = Array.from({ length: TAG_SHAPES_MAX + 6 }, (_, i) =>
      (i + 1)
        .toString(2)
        .split('')
        .map((digit, g) => (digit === '1' ? [T(g % 8), 'and', T((g + 1) % 8)] : [T((g + 3) % 8)]))
        .flatMap((group, g) => (g === 0 ? group : ['or', ...group])),
    );
    expect(new Set(expressions.map((e) => tagsShape(parseTagExpression(e)).shape.name)).size).toBe(
      TAG_SHAPES_MAX + 6,
    );
    const seen = await expectPlainAnswers(expressions, [{ limit: 20, offset: 20 }]);
    expect(seen.within + seen.proven).toBe(TAG_SHAPES_MAX + 6);
  });
});
