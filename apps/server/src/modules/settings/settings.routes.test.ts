import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/index.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';

let t: TestApp;
withTestApp((app) => (t = app));

const setValue = (licenceId: number, name: string, value: string) =>
  t.db
    .update(settings)
    .set({ value })
    .where(and(eq(settings.licenceId, licenceId), eq(settings.name, name)));

const getSettings = async (jwt: string) => {
  const res = await t.app.inject({ url: '/api/settings', headers: t.auth(jwt) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { id: number; name: string; value: string | null; type: string }[];
    received_at: string;
  };
};

const valuesOf = (list: { data: { name: string; value: string | null }[] }) =>
  Object.fromEntries(list.data.map((setting) => [setting.name, setting.value]));

describe('GET /settings', () => {
  it("answers a new licence's defaults to any signed-in user, with the moment it answered", async () => {
    const { licence, statuses } = await t.licence();
    await t.user(licence.id, 'recruiter@org1.test');
    const contacted = statuses.find((status) => status.name === 'Contacted');
    const before = Date.now();
    const list = await getSettings((await t.login('recruiter@org1.test')).jwt);
    expect(list.data).toEqual([
      { id: expect.any(Number), name: 'export', value: 'csv_semicolumn', type: 'string' },
      { id: expect.any(Number), name: 'transparency', value: 'transparent', type: 'string' },
      { id: expect.any(Number), name: 'tags_rule', value: 'createable', type: 'string' },
      { id: expect.any(Number), name: 'company_creation', value: 'everyone', type: 'string' },
      // Nothing leaves for a third party unasked: a new licence's avatars are initials (issue 24).
      { id: expect.any(Number), name: 'avatar_service', value: 'off', type: 'string' },
      // Retention (issue 24, decision 195): 24 months without activity, then erased.
      { id: expect.any(Number), name: 'retention_months', value: '24', type: 'string' },
      { id: expect.any(Number), name: 'retention_action', value: 'erase', type: 'string' },
      // The audit log keeps a year (issue 24, decision 192).
      { id: expect.any(Number), name: 'audit_retention_months', value: '12', type: 'string' },
      { id: expect.any(Number), name: 'contacted_status', value: String(contacted?.id), type: 'status_id' },
    ]);
    expect(Date.parse(list.received_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await getSettings((await t.login('admin@org1.test')).jwt)).toMatchObject({ data: list.data });
  });

  it("answers the caller's licence only, never another licence's values", async () => {
    const { licence: strict } = await t.licence();
    await setValue(strict.id, 'company_creation', 'admins_only');
    await setValue(strict.id, 'tags_rule', 'not-createable');
    await setValue(strict.id, 'transparency', 'opaque');

    const strictList = await getSettings((await t.login('admin@org2.test')).jwt);
    expect(valuesOf(strictList)).toMatchObject({
      company_creation: 'admins_only',
      tags_rule: 'not-createable',
      transparency: 'opaque',
    });
    const openList = await getSettings((await t.login('admin@org1.test')).jwt);
    expect(valuesOf(openList)).toMatchObject({
      company_creation: 'everyone',
      tags_rule: 'createable',
      transparency: 'transparent',
    });
    const strictIds = new Set(strictList.data.map((setting) => setting.id));
    expect(openList.data.filter((setting) => strictIds.has(setting.id))).toEqual([]);
    expect(openList.data).toHaveLength(9);
  });

  it('reads a rule stored with an unknown value as the default the API enforces', async () => {
    const { licence } = await t.licence();
    await setValue(licence.id, 'company_creation', 'ADMINS_ONLY');
    const list = await getSettings((await t.login('admin@org3.test')).jwt);
    expect(valuesOf(list).company_creation).toBe('everyone');
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.statusCode).toBe(401);
  });
});
