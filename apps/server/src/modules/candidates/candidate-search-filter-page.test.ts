import { beforeAll, describe, expect, it } from 'vitest';
import { candidates } from '../../db/schema/index.ts';
import { plainSearchAnswer, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { searchCandidates } from './candidate-search.queries.ts';
import { parseTagExpression } from './tag-expression.ts';

// A search without text cuts its page from the matches its count gathers within the cap, and walks the newest
// past it (filterPage, decision 234): both answer what a plain query over every match answers.
let t: TestApp, org: Organisation;
withTwoOrganisations((made) => ({ t, org } = made));
const PEOPLE = 1_400;
/** Remote on every 4th (350, within the cap; NOT Remote 1,050, past it), Rare on every 60th, six Twins. */
let remote: number, rare: number, twin: number;

beforeAll(async () => {
  const L = org.licence.id;
  [remote, rare, twin] = (await seedTags(t, L, ['Remote', 'Rare', 'Twin'])) as [number, number, number];
  const now = Date.now();
  await t.db.insert(candidates).values(
    Array.from({ length: PEOPLE }, (_, i) => ({
      licenceId: L,
      firstName: 'Ada',
      lastName: `Person${i}`,
      tagIds: i % 4 === 0 ? [remote] : i % 60 === 7 ? [rare] : [],
      updatedAt: new Date(now - Math.floor(i / 2) * 60_000),
    })),
  );
  // Eight holding more tags than candidates_walk_idx keeps (decision 227), spread among the others: a page past
  // the cap is read from that index and the large rows' one, merged (decision 244).
  const skills = await seedTags(
    t,
    L,
    Array.from({ length: 101 }, (_, k) => `Skill ${k}`),
  );
  await t.db.insert(candidates).values(
    Array.from({ length: 8 }, (_, k) => ({
      licenceId: L,
      firstName: 'Many',
      tagIds: skills,
      updatedAt: new Date(now - (3 + k * 41) * 60_000),
    })),
  );
  // Six sharing one time: the order's tie-break (id) is compared within the cap too.
  const at = new Date(now - 90 * 60_000);
  await t.db
    .insert(candidates)
    .values(
      Array.from({ length: 6 }, () => ({ licenceId: L, firstName: 'Twin', tagIds: [twin], updatedAt: at })),
    );
}, 120_000);

const plain = (tags: string[], window: { limit: number; offset: number }) =>
  plainSearchAnswer(t, org.licence.id, { tags: parseTagExpression(tags) }, window);

describe('a search without text', () => {
  it("cuts a tag expression's page from its gathered matches within the cap, and walks it past the cap (decision 234)", async () => {
    const expressions = [
      [`${twin}`],
      [`${twin}`, 'or', `${rare}`],
      [`${remote}`],
      [`${rare}`, 'or', `${remote}`],
      ['not', `${remote}`],
      [],
      [`${rare}`, 'not', `${remote}`],
    ];
    // A page of 3 from the 3rd cuts through the twins.
    const windows = [
      { limit: 20, offset: 0 },
      { limit: 3, offset: 2 },
      { limit: 20, offset: 40 },
      { limit: 100, offset: 700 },
      { limit: 20, offset: 5_000 },
    ];
    const seen = { within: 0, past: 0 };
    for (const tags of expressions) {
      for (const window of windows) {
        const expected = await plain(tags, window);
        const { rows, total, capped } = await searchCandidates(
          t.db,
          org.licence.id,
          { tags: parseTagExpression(tags) },
          window,
        );
        expect(
          { ids: rows.map((row) => row.id), total, capped },
          `${tags} ${JSON.stringify(window)}`,
        ).toEqual(expected);
        seen[capped ? 'past' : 'within'] += expected.ids.length > 0 ? 1 : 0;
      }
    }
    // Both branches served pages: Remote (350) within the cap, NOT Remote (1,064) past it.
    expect(seen.within).toBeGreaterThan(0);
    expect(seen.past).toBeGreaterThan(0);
    // The ones with many tags are among NOT Remote's first pages, past the cap.
    const first = await searchCandidates(
      t.db,
      org.licence.id,
      { tags: parseTagExpression(['not', `${remote}`]) },
      { limit: 100, offset: 0 },
    );
    expect(first.capped).toBe(true);
    expect(first.rows.filter((row) => row.firstName === 'Many').length).toBeGreaterThanOrEqual(2);
  });
});
