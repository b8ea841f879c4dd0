import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { seedTagged, seedTags } from '../../test/fixtures/candidate-database.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findCandidate, findCandidates } from './candidates.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reads candidates by their ids with one named statement, built once, in their licence only (decision 259)', async () => {
  const { licence } = await t.licence();
  const other = await t.licence();
  const [tag] = await seedTags(t, licence.id, ['Senior']);
  const ids = await seedTagged(t, licence.id, 3, (i) => ({
    firstName: `Ada ${i}`,
    lastName: 'Byron',
    tagIds: i === 0 && tag ? [tag] : [],
    updatedAt: new Date(Date.UTC(2026, 0, 1, i)),
  }));
  const [stranger] = await seedTagged(t, other.licence.id, 1, () => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    tagIds: [],
    updatedAt: new Date(Date.UTC(2026, 0, 1)),
  }));
  if (!stranger) throw new Error('no candidate in the other licence');
  const seen = await t.db.transaction(async (tx) => {
    const all = await findCandidates(tx, licence.id, [...ids, stranger]);
    const one = await findCandidate(tx, licence.id, ids[0] as number);
    // Another licence's candidate through the same statement: nothing.
    const elsewhere = await findCandidate(tx, licence.id, stranger);
    const prepared = await rawRows<{ name: string }>(
      tx,
      sql`select name from pg_prepared_statements where name like 'candidates_by%'`,
    );
    return { all, one, elsewhere, prepared };
  });
  expect(seen.all.map((row) => row.firstName).sort()).toEqual(['Ada 0', 'Ada 1', 'Ada 2']);
  expect(seen.one?.tags).toEqual([{ id: tag, name: 'Senior' }]);
  expect(seen.one?.updatedAt).toEqual(new Date(Date.UTC(2026, 0, 1, 0)));
  expect(seen.elsewhere).toBeUndefined();
  expect(seen.prepared).toEqual([{ name: 'candidates_by_ids' }]);
});
