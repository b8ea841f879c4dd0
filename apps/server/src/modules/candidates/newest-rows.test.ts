import { describe, expect, it } from 'vitest';
import {
  anyName,
  countNewest,
  groupHolders,
  indexNewest,
  indexNewestInTurns,
  type SampledRow,
} from './newest-rows.ts';
import type { TagExpression, TagGroup } from './tag-expression.ts';

// What the sample's newest rows answer through their runs of characters, tags and sorted names (decision 260)
// is what reading every row answers, for terms of every kind and tag expressions of every shape.

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Lower-case Latin words as the search column holds them, and a few past the runs' range (Cyrillic, Chinese).
const WORDS = [
  'lea',
  'martin',
  'martinez',
  'ju',
  'jules',
  'engineer',
  'paris',
  '0612',
  'жанна',
  '王芳',
  'a',
  'e',
];
const FIRSTS = ['lea', 'jules', 'ju', 'жанна', 'marc', ''];
const LASTS = ['martin', 'martinez', 'ar', 'dubois', '王'];

function rowsOf(count: number, next: () => number): SampledRow[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: count }, () => {
    const first = next() < 0.1 ? null : pick(FIRSTS);
    const last = next() < 0.1 ? null : pick(LASTS);
    const words = Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(WORDS));
    return {
      text: [first ?? '', last ?? '', ...words].join(' '),
      tagIds: [1, 2, 3, 4, 5, 6].filter(() => next() < 0.3),
      first,
      last,
    };
  });
}

const holdsGroup = (tagIds: number[], group: TagGroup) =>
  group.all.every((tag) => tagIds.includes(tag)) && !group.none.some((tag) => tagIds.includes(tag));
const holdsTags = (tagIds: number[], expression: TagExpression) =>
  expression.length === 0 || expression.some((group) => holdsGroup(tagIds, group));

function needles(rows: SampledRow[], next: () => number): string[] {
  const found = rows.slice(0, 40).map(({ text }) => {
    const from = Math.floor(next() * text.length);
    return text.slice(from, from + 1 + Math.floor(next() * 8));
  });
  return [...found, ...WORDS, ' a', ' ju', 'lea martin', 'zzz', 'ма', 'жан', '', 'martin ju', 'ne'];
}

function expressions(next: () => number): TagExpression[] {
  const tag = () => 1 + Math.floor(next() * 7); // 7: a tag no row holds
  const group = (): TagGroup => ({
    all: Array.from({ length: Math.floor(next() * 3) }, tag),
    none: Array.from({ length: Math.floor(next() * 2) }, tag),
  });
  return [
    [],
    [{ all: [1], none: [] }],
    [{ all: [], none: [2] }],
    [{ all: [7], none: [] }],
    ...Array.from({ length: 30 }, () => Array.from({ length: 1 + Math.floor(next() * 3) }, group)),
  ];
}

describe('the newest rows (decision 260)', () => {
  for (const count of [0, 37, 1_000, 2_000]) {
    it(`counts a term's rows and a tag expression's as reading each of ${count} rows does`, () => {
      const next = random(count + 1);
      const rows = rowsOf(count, next);
      const newest = indexNewest(rows);
      let found = 0;
      for (const needle of needles(rows, next)) {
        for (const tags of expressions(next)) {
          const meet = rows.filter(({ tagIds }) => holdsTags(tagIds, tags));
          const hits = meet.filter(({ text }) => text.includes(needle)).length;
          expect(countNewest(newest, needle, tags), `'${needle}' ${JSON.stringify(tags)}`).toEqual({
            hits,
            tagged: meet.length,
          });
          if (hits > 0) found++;
        }
      }
      // Terms found and terms not: both sides are compared.
      if (count > 0) expect(found).toBeGreaterThan(100);
    });

    it(`counts a group's holders among ${count} rows as reading each does`, () => {
      const next = random(count + 2);
      const rows = rowsOf(count, next);
      const newest = indexNewest(rows);
      for (const [group] of expressions(next).filter((e) => e.length > 0) as [TagGroup][]) {
        const holders = rows.filter(({ tagIds }) => holdsGroup(tagIds, group)).length;
        expect(groupHolders(newest, group), JSON.stringify(group)).toBe(holders);
      }
    });

    it(`tells whether one of ${count} rows holds a name as reading each does`, () => {
      const next = random(count + 3);
      const rows = rowsOf(count, next);
      const newest = indexNewest(rows);
      const prefixes = ['', 'l', 'le', 'lea', 'leaz', 'mart', 'martinez', 'martineze', 'жа', '王', 'zz', 'a'];
      const wholes: [string, string][][] = [
        [],
        [['lea', 'martin']],
        [
          ['ju', 'ar'],
          ['marc', 'dubois'],
        ],
        [['', '王']],
      ];
      for (const prefix of prefixes) {
        for (const pairs of wholes) {
          const held = rows.some(
            ({ first, last }) =>
              first?.startsWith(prefix) === true ||
              last?.startsWith(prefix) === true ||
              pairs.some(([before, after]) => first === before && last === after),
          );
          expect(anyName(newest, { prefix, wholes: pairs }), `${prefix} ${JSON.stringify(pairs)}`).toBe(held);
        }
      }
    });
  }

  it('builds the same in turns of the event loop, letting others run between them', async () => {
    const rows = rowsOf(2_000, random(5));
    // Queued before the build: it runs at the build's first turn, before the build ends, only if it yields.
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    const built = await indexNewestInTurns(rows);
    expect(ran).toBe(true);
    expect(built).toEqual(indexNewest(rows));
  });

  it('keeps no more rows than its positions can name', () => {
    expect(() => indexNewest(rowsOf(65_536, random(4)))).toThrow(/at most 65535/i);
  });
});
