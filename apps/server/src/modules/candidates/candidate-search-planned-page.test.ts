import { beforeAll, describe, expect, it } from 'vitest';
import { candidates, candidateTags } from '../../db/schema/index.ts';
import { plainSearchAnswer, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { PROBE_ROWS, searchCandidates } from './candidate-search.queries.ts';
import { parseTagExpression } from './tag-expression.ts';

// A text past the cap that is rare among the newest is read past the cap by the planner, in one part (decision
// 262): its pages, the first, one further and one past the end, are those of a plain query, the rows whose text
// candidates_walk_idx does not hold (past 2,000 bytes) among them.
let t: TestApp, org: Organisation;
withTwoOrganisations((made) => ({ t, org } = made));
const QUARKS = 1_150;
let physics: number;

/** Every 29th Quark's contacts pass the 2,000 bytes candidates_walk_idx holds. */
const isLong = (i: number) => i % 29 === 3;

beforeAll(async () => {
  const L = org.licence.id;
  [physics] = (await seedTags(t, L, ['Physics'])) as [number];
  const old = Date.UTC(2001, 0, 1);
  for (let from = 0; from < QUARKS; from += 500) {
    const rows = await t.db
      .insert(candidates)
      .values(
        Array.from({ length: Math.min(500, QUARKS - from) }, (_, k) => {
          const i = from + k;
          return {
            licenceId: L,
            firstName: 'Zebulon',
            lastName: `Quark${i}`,
            // Nine in ten hold Physics: with it too, the Quarks pass the cap.
            tagIds: i % 10 === 0 ? [] : [physics],
            ...(isLong(i) && {
              contactText: Array.from({ length: 90 }, (_, n) => `quark${i}.${n}@long.example.com`).join(' '),
            }),
            // Repeated times: the order's tie-break (id) is compared too.
            updatedAt: new Date(old + Math.floor(i / 3) * 60_000),
          };
        }),
      )
      .returning({ id: candidates.id, tagIds: candidates.tagIds });
    const links = rows.flatMap((row) => row.tagIds.map((tagId) => ({ candidateId: row.id, tagId })));
    if (links.length > 0) await t.db.insert(candidateTags).values(links);
  }
  // The probe's newest rows hold no Quark: it expects none within a walk's reach.
  const now = Date.now();
  await t.db.insert(candidates).values(
    Array.from({ length: PROBE_ROWS + 100 }, (_, i) => ({
      licenceId: L,
      firstName: 'Ada',
      lastName: `Newer${i}`,
      updatedAt: new Date(now - i * 1_000),
    })),
  );
});

describe('the page of a rare term past the cap (decision 262)', () => {
  for (const [label, tagged] of [
    ['text alone', false],
    ['text with a tag', true],
  ] as const) {
    it(`answers the pages of a plain query: ${label}`, async () => {
      const L = org.licence.id;
      const filters = { search: 'zebulon quark', tags: parseTagExpression(tagged ? [String(physics)] : []) };
      const plain = await plainSearchAnswer(t, L, filters, { limit: 20, offset: 0 });
      expect(plain.capped).toBe(true);
      for (const offset of [0, 40, 560, 1_140, 2_000]) {
        const window = { limit: 20, offset };
        const answer = await searchCandidates(t.db, L, filters, window);
        const expected = await plainSearchAnswer(t, L, filters, window);
        expect(
          answer.rows.map((row) => row.id),
          `offset ${offset}`,
        ).toEqual(expected.ids);
        expect({ total: answer.total, capped: answer.capped }).toEqual({
          total: expected.total,
          capped: expected.capped,
        });
      }
    });
  }
});
