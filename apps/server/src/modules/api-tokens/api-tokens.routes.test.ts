import { API_SCOPES, routeList, scopeFor } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCandidates, type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';

let t: TestApp;
withTestApp((app) => {
  t = app;
});
let org: Organisation;
let other: Organisation;
beforeAll(async () => {
  org = await organisation(t);
  other = await organisation(t);
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const create = (payload: object, headers = org.admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/api_tokens', headers, payload });

/** A token of `o`'s admin with `scopes`: its secret and id. */
async function tokenWith(scopes: string[], o: Organisation = org) {
  const name = scopes.length > 2 ? `Token of ${scopes.length} scopes` : `Token ${scopes.join(' ')}`;
  const res = await create({ name, scopes }, o.admin.headers);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, bearer: { authorization: `Bearer ${res.json().token}` } };
}

describe('API tokens, managed by admins', () => {
  it('shows the token once, keeps only its hash, lists it by name and prefix', async () => {
    const res = await create({ name: '  Zapier  ', scopes: ['candidates:read', 'notes:write'] });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.token).toMatch(/^viv_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Zapier',
      prefix: created.token.slice(0, 12),
      scopes: ['candidates:read', 'notes:write'],
      expires_at: null,
      created_by: org.admin.id,
      last_used_at: null,
      revoked_at: null,
    });
    const list = await t.app.inject({ url: '/api/api_tokens', headers: org.admin.headers });
    const listed = list.json().data.find((token: { id: number }) => token.id === created.id);
    expect(listed).toMatchObject({ name: 'Zapier', prefix: created.prefix });
    expect(JSON.stringify(list.json())).not.toContain(created.token);
    const [stored] = await rows<{ hash: string }>(sql`select hash from api_tokens where id = ${created.id}`);
    expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await rows(sql`select * from api_tokens where id = ${created.id}`))).not.toContain(
      created.token,
    );
    // Another licence's admin sees none of it.
    const theirs = await t.app.inject({ url: '/api/api_tokens', headers: other.admin.headers });
    expect(theirs.json().data.map((token: { id: number }) => token.id)).not.toContain(created.id);
  });

  it('refuses a bad name, an unknown or repeated scope, a past expiry, unknown keys, and a user', async () => {
    for (const payload of [
      { name: '', scopes: ['candidates:read'] },
      { name: 'x'.repeat(101), scopes: ['candidates:read'] },
      { name: 'A', scopes: [] },
      { name: 'A', scopes: ['users:write'] },
      { name: 'A', scopes: ['candidates:read', 'candidates:read'] },
      { name: 'A', scopes: ['candidates:read'], expires_at: '2020-01-01T00:00:00Z' },
      { name: 'A', scopes: ['candidates:read'], expires_at: 'tomorrow' },
      { name: 'A', scopes: ['candidates:read'], admin: true },
    ]) {
      const res = await create(payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
    }
    expect((await create({ name: 'A', scopes: ['candidates:read'] }, org.alice.headers)).statusCode).toBe(
      403,
    );
  });

  it('revokes once even when two tabs do it at once; another licence gets 404', async () => {
    const { id, bearer } = await tokenWith(['job_offers:read']);
    const revoke = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/api_tokens/${id}`, headers });
    expect((await revoke(other.admin.headers)).statusCode).toBe(404);
    const both = await Promise.all([revoke(org.admin.headers), revoke(org.admin.headers)]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json().revoked_at).toBeTruthy();
    const [entries] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_entries where action = 'api_token.revoke' and target_id = ${id}`,
    );
    expect(entries?.n).toBe(1);
    const refused = await t.app.inject({ url: '/api/job_offers', headers: bearer });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_token');
  });
});

describe('a request with an API token', () => {
  it('reads within its scope, with its rate limit in RateLimit-* headers, and records its last use', async () => {
    const { id, bearer } = await tokenWith(['job_offers:read']);
    const res = await t.app.inject({ url: '/api/job_offers', headers: bearer, remoteAddress: '203.0.113.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe('600');
    expect(Number(res.headers['ratelimit-remaining'])).toBe(599);
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const [used] = await rows<{ last_used_address: string; last_used_at: unknown }>(
      sql`select last_used_address, last_used_at from api_tokens where id = ${id}`,
    );
    expect(used).toMatchObject({ last_used_address: '203.0.113.9' });
    expect(used?.last_used_at).toBeTruthy();
  });

  it('is refused outside its scopes, naming the one missing, and on routes closed to tokens', async () => {
    const { bearer } = await tokenWith(['job_offers:read']);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: bearer,
      payload: { job_offer: { name: 'From a program' } },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      error: 'missing_scope',
      message: 'This API token lacks the scope job_offers:write',
    });
    for (const url of ['/api/settings', '/api/api_tokens', '/api/audit_entries', '/api/oauth/token']) {
      const res = await t.app.inject({ url, headers: bearer });
      expect([url, res.statusCode, res.json().error]).toEqual([url, 403, 'missing_scope']);
    }
    // However the address is spelled, the route it reaches decides.
    for (const url of ['/api//job_offers', '/api/job_offers/', '/api/job_offers?x=1']) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer, payload: {} });
      expect([url, res.statusCode < 300]).toEqual([url, false]);
    }
    expect(await rows(sql`select 1 from job_offers where name = 'From a program'`)).toEqual([]);
  });

  it("acts for its admin in its licence only: another licence's candidate is 404", async () => {
    const { bearer } = await tokenWith(['candidates:read']);
    const [theirs = 0] = await insertCandidates(t, other.licence.id, 1);
    const [mine = 0] = await insertCandidates(t, org.licence.id, 1);
    expect((await t.app.inject({ url: `/api/candidates/${theirs}`, headers: bearer })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/candidates/${mine}`, headers: bearer })).statusCode).toBe(200);
  });

  it('is named in the audit log as the token, never as its admin', async () => {
    const { id, bearer } = await tokenWith(['candidates:read']);
    const [candidate = 0] = await insertCandidates(t, org.licence.id, 1);
    expect((await t.app.inject({ url: `/api/candidates/${candidate}`, headers: bearer })).statusCode).toBe(
      200,
    );
    const [entry] = await rows<{ actor_kind: string; actor_id: number; actor_label: string }>(
      sql`select actor_kind, actor_id, actor_label from audit_entries
          where action = 'candidate.view' and target_id = ${candidate}`,
    );
    expect(entry).toEqual({ actor_kind: 'token', actor_id: id, actor_label: 'Token candidates:read' });
  });

  it('is refused once expired, and once its admin is gone', async () => {
    const expiring = await tokenWith(['job_offers:read']);
    await t.db.execute(
      sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${expiring.id}`,
    );
    expect((await t.app.inject({ url: '/api/job_offers', headers: expiring.bearer })).statusCode).toBe(401);

    const admin = await t.user(org.licence.id, `token-admin-${Date.now()}@acme.test`, 'admin');
    const { jwt } = await t.login(admin.email);
    const made = await create(
      { name: 'Orphan', scopes: ['job_offers:read'] },
      { authorization: `Bearer ${jwt}` },
    );
    const bearer = { authorization: `Bearer ${made.json().token}` };
    expect((await t.app.inject({ url: '/api/job_offers', headers: bearer })).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${admin.id}`,
      headers: org.admin.headers,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await t.app.inject({ url: '/api/job_offers', headers: bearer })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/job_offers', headers: { authorization: 'Bearer viv_made-up' } }))
        .statusCode,
    ).toBe(401);
  });

  it('meets every route of the table as its entry says: the scope it needs, or closed to tokens', async () => {
    const every = await tokenWith([...API_SCOPES]);
    const usersOnly = await tokenWith(['users:read']);
    const wrong: string[] = [];
    for (const [name, entry] of routeList()) {
      if (entry.access !== 'authenticated') continue;
      const url = `/api${entry.path.replace(/:[A-Za-z]+/g, '999999')}`;
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: entry.method,
          url,
          headers,
          ...(entry.method === 'GET' ? {} : { payload: {} }),
        });
      const needed = entry.scope ? scopeFor(entry.scope, entry.method) : undefined;
      const withEvery = await call(every.bearer);
      const everyRefused = withEvery.statusCode === 403 && withEvery.json().error === 'missing_scope';
      if (everyRefused !== (needed === undefined || needed === 'users:write'))
        wrong.push(`${name}: all scopes`);
      const withUsers = await call(usersOnly.bearer);
      const usersRefused = withUsers.statusCode === 403 && withUsers.json().error === 'missing_scope';
      if (usersRefused !== (needed !== 'users:read')) wrong.push(`${name}: users:read only`);
    }
    expect(wrong).toEqual([]);
  });
});
