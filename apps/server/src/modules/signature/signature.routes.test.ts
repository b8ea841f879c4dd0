import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * A stand-in for Gmail's API on loopback (the one service outside our control, mocked at the HTTP boundary):
 * it answers `settings/sendAs/{email}` for the token it knows, as Gmail does.
 */
const GOOD_TOKEN = 'ya29.good-token';
let gmail: Server;
let answer: (request: IncomingMessage) => { status: number; body: unknown; delayMs?: number };
const seen: { url: string; authorization: string | undefined }[] = [];

let t: TestApp;
let org: Organisation;
beforeAll(async () => {
  gmail = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const { status, body, delayMs = 0 } = answer(request);
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => gmail.listen(0, '127.0.0.1', resolve));
  const { port } = gmail.address() as AddressInfo;
  t = await createTestApp({ GMAIL_API_URL: `http://127.0.0.1:${port}/` });
  org = await organisation(t);
});
afterAll(async () => {
  await t.close();
  gmail.closeAllConnections();
  await new Promise((resolve) => gmail.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  answer = (request) =>
    request.headers.authorization === `Bearer ${GOOD_TOKEN}`
      ? {
          status: 200,
          body: {
            sendAsEmail: org.alice.email,
            isPrimary: true,
            signature: '<div dir="ltr"><b>Uma</b> <img src=x onerror=alert(1)><div>Talent team</div></div>',
          },
        }
      : { status: 401, body: { error: { code: 401, message: 'Invalid Credentials' } } };
});

type Headers = Record<string, string>;
const get = (headers: Headers) => t.app.inject({ url: '/api/users/me/signature', headers });
const put = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me/signature', headers, payload: payload as object });
const withToken = (headers: Headers, token: string) => ({ ...headers, 'x-provider-token': token });

describe('PUT /api/users/me/signature', () => {
  it("stores the caller's signature sanitised, touching nothing else of their settings", async () => {
    await t.db
      .update(users)
      .set({ settings: { export: { type: 'csv_comma' }, email_signature: { value: '' } } })
      .where(eq(users.id, org.alice.id));
    const res = await put(org.alice.headers, {
      value: '<p onclick="x()">Uma <a href="javascript:alert(1)">User</a></p><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ value: '<p>Uma <a>User</a></p>', source: 'stored' });
    const [row] = await t.db
      .select({ settings: users.settings })
      .from(users)
      .where(eq(users.id, org.alice.id));
    expect(row?.settings).toEqual({
      export: { type: 'csv_comma' },
      email_signature: { value: '<p>Uma <a>User</a></p>' },
    });
    const me = await t.app.inject({ url: '/api/users/me', headers: org.alice.headers });
    expect(me.json().settings.email_signature.value).toBe('<p>Uma <a>User</a></p>');
  });

  it('changes only the caller: another user keeps theirs', async () => {
    await put(org.bob.headers, { value: '<p>Bob</p>' });
    await put(org.alice.headers, { value: '<p>Alice</p>' });
    expect((await get(org.bob.headers)).json().value).toBe('<p>Bob</p>');
  });

  it('rejects malformed bodies with 400 and needs a session', async () => {
    for (const body of [{}, { value: 3 }, { value: 'x'.repeat(100_001) }, { value: 'a\u0000' }]) {
      expect((await put(org.alice.headers, body)).statusCode).toBe(400);
    }
    expect((await put({}, { value: '<p>x</p>' })).statusCode).toBe(401);
  });
});

describe('GET /api/users/me/signature', () => {
  it('answers the stored signature without a provider token, and never asks Gmail', async () => {
    await put(org.alice.headers, { value: '<p>Stored</p>' });
    expect((await get(org.alice.headers)).json()).toEqual({ value: '<p>Stored</p>', source: 'stored' });
    expect(seen).toEqual([]);
  });

  it("reads Gmail's sendAs signature for the caller's address with their token, sanitised", async () => {
    const res = await get(withToken(org.alice.headers, GOOD_TOKEN));
    expect(res.json()).toEqual({ value: '<b>Uma</b> <br />Talent team', source: 'provider' });
    expect(seen).toEqual([
      {
        url: `/gmail/v1/users/me/settings/sendAs/${encodeURIComponent(org.alice.email)}`,
        authorization: `Bearer ${GOOD_TOKEN}`,
      },
    ]);
  });

  it('falls back to the stored signature when Gmail refuses the token, answers an error or has none', async () => {
    await put(org.alice.headers, { value: '<p>Stored</p>' });
    const stored = { value: '<p>Stored</p>', source: 'stored' };
    expect((await get(withToken(org.alice.headers, 'ya29.expired'))).json()).toEqual(stored);
    answer = () => ({ status: 500, body: { error: 'backend' } });
    expect((await get(withToken(org.alice.headers, GOOD_TOKEN))).json()).toEqual(stored);
    answer = () => ({ status: 200, body: { sendAsEmail: org.alice.email, signature: '' } });
    expect((await get(withToken(org.alice.headers, GOOD_TOKEN))).json()).toEqual(stored);
    answer = () => ({ status: 200, body: 'not an object' });
    expect((await get(withToken(org.alice.headers, GOOD_TOKEN))).json()).toEqual(stored);
  });

  it('gives up on a Gmail that does not answer within 5 s and answers the stored one', {
    timeout: 20_000,
  }, async () => {
    await put(org.alice.headers, { value: '<p>Stored</p>' });
    answer = () => ({ status: 200, body: { signature: '<p>Too late</p>' }, delayMs: 6_000 });
    const started = Date.now();
    const res = await get(withToken(org.alice.headers, GOOD_TOKEN));
    expect(res.json()).toEqual({ value: '<p>Stored</p>', source: 'stored' });
    expect(Date.now() - started).toBeLessThan(5_900);
  });

  it('appends the Gmail signature to a preview when the token comes with it', async () => {
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/email_templates',
      headers: org.alice.headers,
      payload: { name: 'Signed', content: '<p>Hi</p>' },
    });
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.alice.headers,
      payload: { job_offer: { name: 'Signed offer', email_template_id: template.json().id } },
    });
    const { insertCandidate } = await import('../../test/fixtures/email-sending.ts');
    const { insertApplications } = await import('../../test/fixtures/organisation.ts');
    const candidate = await insertCandidate(t, org.licence.id, { firstName: 'Ada', email: 'ada@mail.test' });
    await insertApplications(t, org.licence.id, offer.json().id, [
      { candidateId: candidate, statusId: null },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offer.json().id}/emails/preview`,
      headers: withToken(org.alice.headers, GOOD_TOKEN),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.content).toBe('<p>Hi</p><br /><b>Uma</b> <br />Talent team');
  });
});
