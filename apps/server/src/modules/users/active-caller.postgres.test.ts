import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findActiveCaller } from './users.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('looks the caller up with named statements PostgreSQL parses once per connection (decision 248)', async () => {
  const { licence } = await t.licence();
  const user = await t.user(licence.id, 'looked.up@org.test');
  const other = await t.licence();
  const seen = await t.db.transaction(async (tx) => {
    const found = await findActiveCaller(tx, { userId: user.id, licenceId: licence.id });
    // Another licence's id with the same user: the same statement, and no one.
    const elsewhere = await findActiveCaller(tx, { userId: user.id, licenceId: other.licence.id });
    // A session that does not exist: the other statement, and no one either.
    const noSession = await findActiveCaller(tx, {
      userId: user.id,
      licenceId: licence.id,
      session: '00000000-0000-4000-8000-000000000000',
    });
    const prepared = await rawRows<{ name: string }>(
      tx,
      sql`select name from pg_prepared_statements where name like 'active_caller%' order by name`,
    );
    return { found, elsewhere, noSession, prepared: prepared.map((row) => row.name) };
  });
  expect(seen).toEqual({
    found: {
      userId: user.id,
      licenceId: licence.id,
      role: 'user',
      level: expect.anything(),
      email: 'looked.up@org.test',
    },
    elsewhere: undefined,
    noSession: undefined,
    prepared: ['active_caller', 'active_caller_in_session'],
  });
});
