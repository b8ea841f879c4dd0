import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { customPlans, genericPlans, readWith } from '../../db/planner-settings.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { candidates, candidateTags } from '../../db/schema/index.ts';
import { plainSearchAnswer, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { searchCandidates } from './candidate-search.queries.ts';
import { gatherSettings } from './candidate-search-index.ts';
import { trigramSample, trigramSampleRead } from './search-trigrams.ts';
import { parseTagExpression } from './tag-expression.ts';

// The probe and the gather are planned once for every term of a shape (decision 252), and tags alone whose bound
// speaks for each common group (decision 257): named by their text on connections that force generic plans, with
// the answers a plain query gives.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

let remote: number;

beforeAll(async () => {
  [remote] = (await seedTags(t, org.licence.id, ['Remote'])) as [number];
  const at = Date.UTC(2026, 5, 1);
  const rows = (licenceId: number) =>
    Array.from({ length: 40 }, (_, i) => ({
      licenceId,
      firstName: `Ada${i % 7}`,
      lastName: i % 3 === 0 ? 'Lovelace' : `Person${i}`,
      updatedAt: new Date(at - Math.floor(i / 2) * 60_000),
      tagIds: licenceId === org.licence.id && i % 2 === 0 ? [remote] : [],
    }));
  await t.db.insert(candidates).values([...rows(org.licence.id), ...rows(other.licence.id)]);
});

type Prepared = { statement: string; generic: number; custom: number };
const preparedOn = (db: Db) =>
  rawRows<Prepared>(
    db,
    sql`select statement, generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where statement not like '%pg_prepared_statements%'`,
  );

it('plans the probe and the gather once for every term, and answers as a plain query does', async () => {
  const terms = ['ada1', 'ada2', 'love', 'person1', 'ada3', 'lace', 'ada4', 'Lovelace'];
  const window = { limit: 5, offset: 0 };
  const summary = (page: { rows: { id: number }[]; total: number; capped: boolean }) => ({
    ids: page.rows.map((row) => row.id),
    total: page.total,
    capped: page.capped,
  });
  // One request at a time: each read takes its pool's one idle connection, where the inspection then runs.
  for (const search of terms) {
    const filters = { search, tags: [] };
    const expected = await plainSearchAnswer(t, org.licence.id, filters, window);
    expect(summary(await searchCandidates(t.db, org.licence.id, filters, window))).toEqual(expected);
    const gathered = await searchCandidates(t.db, org.licence.id, filters, window, { plan: 'index' });
    expect(summary(gathered)).toEqual(expected);
    expect(expected.total).toBeGreaterThan(0);
  }
  // With the licence's sample read, a text with a tag has its tag asked of the index as one key (decision 254):
  // its gather is planned once too. With a group of exclusions alone (no tag asked) the gather is planned for
  // its values (a generic plan left the groups out of the GIN index's condition): not on the generic pool.
  trigramSample(t.db, org.licence.id);
  await trigramSampleRead(t.db, org.licence.id);
  for (const tags of [[String(remote)], ['not', String(remote)]]) {
    const tagged = { search: 'ada1', tags: parseTagExpression(tags) };
    const plain = await plainSearchAnswer(t, org.licence.id, tagged, window);
    expect(summary(await searchCandidates(t.db, org.licence.id, tagged, window, { plan: 'index' }))).toEqual(
      plain,
    );
    expect(plain.total).toBeGreaterThan(0);
  }
  const probes = await readWith(t.db, genericPlans, preparedOn);
  const gathers = await readWith(t.db, { ...gatherSettings, ...genericPlans }, preparedOn);
  const runs = (prepared: Prepared[], marker: string) =>
    prepared.filter((row) => row.statement.includes(marker)).reduce((sum, row) => sum + row.generic, 0);
  // Every term probed twice (once for each plan), and the two tagged searches once each; the text alone
  // gathered once, and the text with its tag asked: all on generic plans, none planned for its term.
  expect(runs(probes, 'filter (where "hit")')).toBe(terms.length * 2 + 2);
  expect(runs(gathers, 'with matching as')).toBe(terms.length + 1);
  expect(gathers.filter((row) => row.statement.includes('"tag_ids" &&'))).toHaveLength(1);
  expect([...probes, ...gathers].filter((row) => row.custom > 0)).toEqual([]);
  // A handful of shapes (a term's length, whether the names are asked), not one statement per term.
  expect(probes.length).toBeLessThanOrEqual(4);
});

it('plans tags alone once when their bound speaks for each common group, for their values otherwise', async () => {
  // The other licence: every candidate holds Senior, every third Onsite too (a group of both held by a third).
  const [senior, onsite] = (await seedTags(t, other.licence.id, ['Senior', 'Onsite'])) as [number, number];
  const held = await t.db
    .update(candidates)
    .set({
      tagIds: sql`case when ${candidates.id} % 3 = 0 then array[${senior}, ${onsite}]::int[] else array[${senior}]::int[] end`,
    })
    .where(sql`${candidates.licenceId} = ${other.licence.id}`)
    .returning({ id: candidates.id, tagIds: candidates.tagIds });
  await t.db
    .insert(candidateTags)
    .values(held.flatMap(({ id, tagIds }) => tagIds.map((tagId) => ({ candidateId: id, tagId }))));
  trigramSample(t.db, other.licence.id);
  await trigramSampleRead(t.db, other.licence.id);
  const window = { limit: 5, offset: 0 };
  const expressions = {
    // Each group needs one tag: the bound speaks for every group (decision 257).
    once: [[String(senior)], [String(onsite), 'not', String(senior)], [String(onsite), 'or', String(senior)]],
    // Senior AND Onsite, held by a third of the newest, which the bound cannot speak for.
    forTheValues: [[String(senior), 'and', String(onsite), 'or', String(onsite)]],
  };
  const statementsOn = async (settings: typeof genericPlans | typeof customPlans) =>
    (await readWith(t.db, settings, preparedOn)).filter((row) => row.statement.includes('with "proven"'));
  const before = {
    generic: (await statementsOn(genericPlans)).reduce((sum, row) => sum + row.generic, 0),
    custom: (await statementsOn(customPlans)).reduce((sum, row) => sum + row.custom, 0),
  };
  for (const elements of [...expressions.once, ...expressions.forTheValues]) {
    const filters = { tags: parseTagExpression(elements) };
    const answer = await searchCandidates(t.db, other.licence.id, filters, window);
    expect({ ids: answer.rows.map((row) => row.id), total: answer.total, capped: answer.capped }).toEqual(
      await plainSearchAnswer(t, other.licence.id, filters, window),
    );
  }
  const generic = await statementsOn(genericPlans);
  const custom = await statementsOn(customPlans);
  expect(generic.reduce((sum, row) => sum + row.generic, 0) - before.generic).toBe(expressions.once.length);
  expect(generic.filter((row) => row.custom > 0)).toEqual([]);
  expect(custom.reduce((sum, row) => sum + row.custom, 0) - before.custom).toBe(
    expressions.forTheValues.length,
  );
});
