import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { spendCredits } from './credits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_PUBLIC_URL: 'https://vivier.example' });
});
afterAll(() => t.close());

describe('licence service', () => {
  it('answers the licence fields with a relative api_url, credits and plan', async () => {
    const { licence } = await t.licence({ creditsMax: 50, planType: 'recurrent', renewPeriod: 'quaterly' });
    const { jwt } = await t.login('admin@org1.test');
    const res = await t.app.inject({ url: '/api/license', headers: t.auth(jwt) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: licence.id,
      name: 'Organisation 1',
      // Relative even with VIVIER_PUBLIC_URL set: the page calls its own origin, whichever name it was opened
      // under, which its CSP (connect-src 'self') allows (issue 18 section 1).
      api_url: '/api',
      credits_max: 50,
      credits_used: 0,
      plan_type: 'recurrent',
      renew_period: 'quaterly',
    });
  });

  it('spends credits per user, reports them per user and per period, and refuses at zero writing nothing', async () => {
    const { licence, admin } = await t.licence({ creditsMax: 3, planType: 'on_demand' });
    const recruiter = await t.user(licence.id, 'recruiter@org2.test');
    await spendCredits(t.db, { licenceId: licence.id, userId: admin.id, reason: 'candidate added' });
    await spendCredits(t.db, {
      licenceId: licence.id,
      userId: recruiter.id,
      amount: 2,
      reason: 'candidate added',
    });
    await expect(
      spendCredits(t.db, { licenceId: licence.id, userId: admin.id, reason: 'candidate added' }),
    ).rejects.toMatchObject({
      status: 402,
      code: 'credits_exhausted',
    });
    const { jwt } = await t.login('recruiter@org2.test');
    const lic = (await t.app.inject({ url: '/api/license', headers: t.auth(jwt) })).json();
    expect(lic).toMatchObject({
      credits_max: 3,
      credits_used: 3,
      plan_type: 'on_demand',
      renew_period: null,
    });

    const stats = (await t.app.inject({ url: '/api/license/stats', headers: t.auth(jwt) })).json();
    expect(stats.credits_left).toBe(0);
    expect(stats.by_user).toEqual([
      { user_id: recruiter.id, email: 'recruiter@org2.test', credits_used: 2 },
      { user_id: admin.id, email: 'admin@org2.test', credits_used: 1 },
    ]);
    const month = new Date().toISOString().slice(0, 7);
    expect(stats.by_period).toEqual([{ period: month, credits_used: 3 }]);

    const users = (await t.app.inject({ url: '/api/license/users', headers: t.auth(jwt) })).json();
    expect(users.data.map((u: { email: string; credits_used: number }) => [u.email, u.credits_used])).toEqual(
      [
        ['admin@org2.test', 1],
        ['recruiter@org2.test', 2],
      ],
    );
  });

  it('keeps each licence to its own numbers', async () => {
    const { jwt } = await t.login('admin@org1.test');
    const stats = (await t.app.inject({ url: '/api/license/stats', headers: t.auth(jwt) })).json();
    expect(stats).toMatchObject({ credits_used: 0, by_user: [], by_period: [] });
    const users = (await t.app.inject({ url: '/api/license/users', headers: t.auth(jwt) })).json();
    expect(users.data.map((u: { email: string }) => u.email)).toEqual(['admin@org1.test']);
  });

  it('needs a signed-in caller', async () => {
    for (const url of ['/api/license', '/api/license/users', '/api/license/stats']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('a new licence', () => {
  it('starts with the default pipeline and the global settings', async () => {
    const { licence, statuses } = await t.licence();
    expect(statuses.map((s) => s.name)).toEqual([
      'To contact',
      'Contacted',
      'Interview',
      'Offer',
      'Hired',
      'Rejected',
    ]);
    expect(new Set(statuses.map((s) => s.color)).size).toBe(6);
    const { settings } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await t.db.select().from(settings).where(eq(settings.licenceId, licence.id));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.value]));
    expect(byName).toEqual({
      export: 'csv_semicolumn',
      transparency: 'transparent',
      tags_rule: 'createable',
      company_creation: 'everyone',
      avatar_service: 'off',
      contacted_status: String(statuses.find((s) => s.name === 'Contacted')?.id),
      // Issue 24: the candidates' retention (decision 195) and the audit log's own (decision 192).
      retention_months: '24',
      retention_action: 'erase',
      audit_retention_months: '12',
    });
  });
});

describe('licence api_url', () => {
  it('answers the api_url an operator set for the licence', async () => {
    const { licence } = await t.licence();
    await t.db
      .update(licences)
      .set({ apiUrl: 'https://data.acme.example/api' })
      .where(eq(licences.id, licence.id));
    const { jwt } = await t.login(`admin@org${licence.id}.test`);
    const res = await t.app.inject({ url: '/api/license', headers: t.auth(jwt) });
    expect(res.json().api_url).toBe('https://data.acme.example/api');
  });
});
