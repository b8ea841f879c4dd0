import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let a: { licence: { id: number }; jwt: string };
let b: { licence: { id: number }; jwt: string };
beforeAll(async () => {
  t = await createTestApp();
  const la = await t.licence();
  const lb = await t.licence();
  for (let i = 0; i < 12; i++) await t.user(la.licence.id, `recruiter${i}@org1.test`);
  await t.user(lb.licence.id, 'someone@org2.test');
  a = { licence: la.licence, jwt: (await t.login('admin@org1.test')).jwt };
  b = { licence: lb.licence, jwt: (await t.login('admin@org2.test')).jwt };
});
afterAll(() => t.close());

describe('GET /api/users/me', () => {
  it('answers the caller', async () => {
    const res = await t.app.inject({ url: '/api/users/me', headers: t.auth(a.jwt) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'admin@org1.test', role: 'admin', license_id: a.licence.id });
    expect(res.json()).not.toHaveProperty('password_hash');
  });
});

describe('GET /api/users/', () => {
  it('lists the licence users 10 per page with total, Link next and X-Total-Count', async () => {
    const first = await t.app.inject({ url: '/api/users/', headers: t.auth(a.jwt) });
    expect(first.statusCode).toBe(200);
    expect(first.json().total_count).toBe(13);
    expect(first.json().data).toHaveLength(10);
    expect(first.headers['x-total-count']).toBe('13');
    expect(first.headers.link).toBe('</api/users/?page=2&per_page=10>; rel="next"');
    const second = await t.app.inject({ url: '/api/users/?page=2&per_page=10', headers: t.auth(a.jwt) });
    expect(second.json().data).toHaveLength(3);
    expect(second.headers.link).toBeUndefined();
  });

  it('treats a page that is not a positive integer as page 1 and caps per_page at 100', async () => {
    const res = await t.app.inject({ url: '/api/users?page=abc&per_page=1000', headers: t.auth(a.jwt) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(13);
    const zero = await t.app.inject({ url: '/api/users?page=0', headers: t.auth(a.jwt) });
    expect(zero.json().data).toHaveLength(10);
  });

  it("searches the email or 'first last', ignoring case, wildcards taken literally (SPEC section 5)", async () => {
    const search = async (term: string) => {
      const res = await t.app.inject({
        url: `/api/users/?per_page=100&filters[search]=${encodeURIComponent(term)}`,
        headers: t.auth(a.jwt),
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { email: string }[]; total_count: number };
    };
    expect((await search('ADMIN@ORG1')).data.map((u) => u.email)).toEqual(['admin@org1.test']);
    expect((await search('a admin')).data.map((u) => u.email)).toEqual(['admin@org1.test']);
    expect((await search('uma user')).total_count).toBe(12);
    expect((await search('RECRUITER1')).data.map((u) => u.email).sort()).toEqual([
      'recruiter10@org1.test',
      'recruiter11@org1.test',
      'recruiter1@org1.test',
    ]);
    expect((await search('%')).total_count).toBe(0);
    expect((await search('someone')).total_count).toBe(0);
    expect((await search('   ')).total_count).toBe(13);
  });

  it("never shows another licence's users", async () => {
    const res = await t.app.inject({ url: '/api/users?per_page=100', headers: t.auth(b.jwt) });
    const emails = res
      .json()
      .data.map((u: { email: string }) => u.email)
      .sort();
    expect(emails).toEqual(['admin@org2.test', 'someone@org2.test']);
  });
});

describe('unknown routes', () => {
  it("answer 404 'Bad route' with the contract's body", async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: t.auth(a.jwt) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Bad route: GET /api/nothing-here' });
    const wrongMethod = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers: t.auth(a.jwt) });
    expect(wrongMethod.statusCode).toBe(404);
  });
});
