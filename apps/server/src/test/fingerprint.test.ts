import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fingerprint } from './fingerprint.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('names every table and changes with one row of one of them', async () => {
  const before = await fingerprint(t.db);
  expect(Object.keys(before)).toContain('candidates');
  expect(Object.keys(before)).not.toContain('rate_limit_hits');
  const { licence } = await t.licence();
  const before2 = await fingerprint(t.db);
  expect(before2.licences).not.toBe(before.licences);
  await t.user(licence?.id ?? 0, 'someone@fingerprint.test', 'admin');
  const after = await fingerprint(t.db);
  expect(Object.keys(after).filter((k) => after[k] !== before2[k])).toEqual(['users']);
  await t.db.execute(sql`update users set first_name = 'Changed' where email = 'someone@fingerprint.test'`);
  const edited = await fingerprint(t.db);
  expect(edited.users).not.toBe(after.users);
  expect(edited.users?.split(':')[0]).toBe(after.users?.split(':')[0]);
});
