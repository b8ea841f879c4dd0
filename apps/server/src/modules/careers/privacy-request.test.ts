import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, privacyRequests } from '../../db/schema/index.ts';
import { insertCandidate } from '../../test/fixtures/email-sending.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/until.ts';
import { awayFromWindowEnd } from '../../test/window-edge.ts';
import { careersLicence } from './careers.fixtures.ts';

let t: TestApp;
let acme: Awaited<ReturnType<typeof careersLicence>>;
let globex: Awaited<ReturnType<typeof careersLicence>>;
let acmeAdmin: Record<string, string>;
let globexAdmin: Record<string, string>;
let graceId: number;
let addressCounter = 0;

/** A visitor with a client address of its own (the per-address limits are theirs). */
const visitor = () => {
  const remoteAddress = `198.51.100.${++addressCounter}`;
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, remoteAddress }),
    post: (url: string, fields: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
};

/** The mails of the outbox sent to `email`, soft line breaks undone. */
const mailsTo = (email: string) =>
  t
    .outbox()
    .map((mail) =>
      mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));

/** The token of the latest confirmation link mailed to `email`, once the queue has sent it. */
const linkFor = async (email: string, count = 1) => {
  const mails = await until(
    () => mailsTo(email),
    (found) => found.length >= count,
  );
  const match = mails.at(-1)?.match(/(\/careers\/[a-z0-9-]+\/privacy\/confirm\/([\w-]{43}))\?lang=(en|fr)/);
  return { path: match?.[1] ?? '', token: match?.[2] ?? '', lang: match?.[3] };
};

const requestsOf = (licenceId: number) =>
  t.db.select().from(privacyRequests).where(eq(privacyRequests.licenceId, licenceId));

beforeAll(async () => {
  t = await createTestApp({
    VIVIER_PUBLIC_URL: 'https://jobs.example.test',
    VIVIER_CAREERS_APPLY_MAX: '4',
    VIVIER_CAREERS_APPLY_FREE: '2',
  });
  await t.app.jobs.start({ pollMs: 20 });
  acme = await careersLicence(t, 'acme-privacy');
  globex = await careersLicence(t, 'globex-privacy');
  acmeAdmin = t.auth((await t.login(acme.admin.email)).jwt);
  globexAdmin = t.auth((await t.login(globex.admin.email)).jwt);
  graceId = await insertCandidate(t, acme.licenceId, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.test',
  });
  // Another licence's candidate, with an address acme does not hold.
  await insertCandidate(t, globex.licenceId, { firstName: 'Linus', email: 'linus@example.test' });
});
afterAll(() => t?.close());

describe('the privacy request page of the careers site (issue 24)', () => {
  it('shows the form in both languages, never indexed, with no script; the offers list links to it', async () => {
    const v = visitor();
    const en = await v.get('/careers/acme-privacy/privacy');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Your personal data');
    expect(en.body).toContain('name="kind" value="access"');
    expect(en.body).toContain('name="kind" value="erasure"');
    expect(en.headers['x-robots-tag']).toBe('noindex');
    expect(String(en.headers['content-security-policy'])).not.toContain('script-src');
    const fr = await v.get('/careers/acme-privacy/privacy?lang=fr');
    expect(fr.body).toContain('Vos données personnelles');
    expect(fr.body).toContain('action="/careers/acme-privacy/privacy?lang=fr"');
    expect((await v.get('/careers/acme-privacy')).body).toContain('href="/careers/acme-privacy/privacy"');
  });

  it('answers the same page for an unknown address and a known one; only the known one is mailed a link', async () => {
    const unknown = await visitor().post('/careers/acme-privacy/privacy', {
      kind: 'access',
      email: 'nobody@example.test',
    });
    const known = await visitor().post('/careers/acme-privacy/privacy', {
      kind: 'access',
      email: 'Grace@Example.test',
    });
    expect(unknown.statusCode).toBe(303);
    expect(known.statusCode).toBe(303);
    expect(known.headers.location).toBe(unknown.headers.location);
    expect(known.headers.location).toBe('/careers/acme-privacy/privacy/sent');
    const sent = await visitor().get(String(known.headers.location));
    expect(sent.body).toContain('If this address is one we hold');

    const [request] = await requestsOf(acme.licenceId);
    expect(request).toMatchObject({
      candidateId: graceId,
      kind: 'access',
      state: 'unconfirmed',
      confirmedAt: null,
    });
    const { token, path } = await linkFor('Grace@Example.test');
    expect(path).toBe(`/careers/acme-privacy/privacy/confirm/${token}`);
    // Only the token's SHA-256 is kept.
    const [stored] = await requestsOf(acme.licenceId);
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(t.outbox().join('\n')).not.toContain('nobody@example.test');
    const [created] = await t.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.licenceId, acme.licenceId), eq(auditEntries.action, 'privacy_request.create')),
      );
    expect(created).toMatchObject({
      actorKind: 'candidate',
      actorId: graceId,
      targetKind: 'privacy_request',
    });
    expect(JSON.stringify(created)).not.toContain('grace@');
  });

  it('mails nothing more for the same request within the hour', async () => {
    const before = mailsTo('grace@example.test').length;
    await visitor().post('/careers/acme-privacy/privacy', { kind: 'access', email: 'grace@example.test' });
    await t.settled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo('grace@example.test')).toHaveLength(before);
    expect(await requestsOf(acme.licenceId)).toHaveLength(1);
  });

  it("never reaches another licence's candidate: the address of globex's candidate on acme's site is unknown", async () => {
    const res = await visitor().post('/careers/acme-privacy/privacy', {
      kind: 'erasure',
      email: 'linus@example.test',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/careers/acme-privacy/privacy/sent');
    expect(await requestsOf(globex.licenceId)).toEqual([]);
    expect((await requestsOf(acme.licenceId)).map((r) => r.kind)).toEqual(['access']);
  });

  it('confirms once through the mailed link: the request is open, due a month later; the link is then spent', async () => {
    const { path, token } = await linkFor('grace@example.test');
    const v = visitor();
    // Opening the link confirms nothing (a mail scanner may open it): the page has a button.
    const page = await v.get(`${path}?lang=fr`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirmer ma demande');
    expect((await requestsOf(acme.licenceId))[0]?.state).toBe('unconfirmed');
    // Another licence's site does not know the link.
    expect((await v.post(`/careers/globex-privacy/privacy/confirm/${token}`)).statusCode).toBe(410);

    const confirmed = await v.post(`${path}?lang=fr`);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/careers/acme-privacy/privacy/confirmed?lang=fr');
    expect((await v.get(String(confirmed.headers.location))).body).toContain('dans un délai d’un mois');
    const [request] = await requestsOf(acme.licenceId);
    expect(request).toMatchObject({ state: 'open', tokenHash: null });
    const confirmedAt = request?.confirmedAt ?? new Date(0);
    const due = new Date(confirmedAt);
    due.setUTCMonth(due.getUTCMonth() + 1);
    expect(Math.abs((request?.dueAt?.getTime() ?? 0) - due.getTime())).toBeLessThan(3 * 86_400_000);
    expect(request?.dueAt?.getTime()).toBeGreaterThan(confirmedAt.getTime() + 27 * 86_400_000);

    const again = await v.post(path);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link was already used');
    expect((await v.get(path)).statusCode).toBe(410);
    const actions = (
      await t.db.select().from(auditEntries).where(eq(auditEntries.licenceId, acme.licenceId))
    ).map((e) => e.action);
    expect(actions).toContain('privacy_request.confirm');
  });

  it('refuses what is not a request: a missing kind, a bad address, a bad link, an unknown site', async () => {
    const v = visitor();
    const noKind = await v.post('/careers/acme-privacy/privacy', { email: 'grace@example.test' });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.body).toContain('This field is required.');
    expect(noKind.body).toContain('value="grace@example.test"');
    const badEmail = await v.post('/careers/acme-privacy/privacy?lang=fr', {
      kind: 'access',
      email: 'not an email',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('Saisissez une adresse e-mail valide.');
    expect((await visitor().get('/careers/acme-privacy/privacy/confirm/short')).statusCode).toBe(410);
    expect((await visitor().post('/careers/acme-privacy/privacy/confirm/%3Cscript%3E')).statusCode).toBe(410);
    expect((await visitor().get('/careers/nobody-here/privacy')).statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: '/careers/acme-privacy/privacy',
      remoteAddress: '203.0.113.99',
      headers: { 'content-type': 'application/json' },
      payload: { kind: 'access', email: 'grace@example.test' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('drops a filled honeypot quietly, and limits the posts of one address (429 past the limit)', async () => {
    await awayFromWindowEnd(600, 10);
    const bot = visitor();
    const trapped = await bot.post('/careers/acme-privacy/privacy', {
      kind: 'erasure',
      email: 'grace@example.test',
      website: 'http://spam.example',
    });
    expect(trapped.statusCode).toBe(303);
    expect((await requestsOf(acme.licenceId)).filter((r) => r.kind === 'erasure')).toEqual([]);
    for (let i = 0; i < 3; i++)
      await bot.post('/careers/acme-privacy/privacy', { kind: 'access', email: 'x@y.test' });
    const limited = await bot.post('/careers/acme-privacy/privacy', { kind: 'access', email: 'x@y.test' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('the admins’ queue of requests (GET /api/privacy_requests, POST …/done)', () => {
  it('lists the open request with its candidate and deadline; another licence sees none of it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy_requests', headers: acmeAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        kind: 'access',
        state: 'open',
        candidate: { id: graceId, name: 'Grace Hopper', job_offer_id: null },
        overdue: false,
        due_at: expect.any(String),
      }),
    ]);
    const other = await t.app.inject({ method: 'GET', url: '/api/privacy_requests', headers: globexAdmin });
    expect(other.json().data).toEqual([]);
  });

  it('marks a request done once (then 409); another licence gets 404; a bad id is 400', async () => {
    const [request] = await requestsOf(acme.licenceId);
    const id = request?.id ?? 0;
    const done = (headers: Record<string, string>, ref: number | string = id) =>
      t.app.inject({ method: 'POST', url: `/api/privacy_requests/${ref}/done`, headers });
    expect((await done(globexAdmin)).statusCode).toBe(404);
    // Two tabs marking it done at once: one does, the other is told it already was.
    const both = await Promise.all([done(acmeAdmin), done(acmeAdmin)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const closed = both.find((res) => res.statusCode === 200);
    expect(closed?.json()).toMatchObject({ id, state: 'done', done_by: { id: acme.admin.id } });
    expect((await done(acmeAdmin)).statusCode).toBe(409);
    expect((await done(acmeAdmin, 'abc')).statusCode).toBe(400);
    const open = await t.app.inject({ method: 'GET', url: '/api/privacy_requests', headers: acmeAdmin });
    expect(open.json().data).toEqual([]);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/privacy_requests?state=done',
      headers: acmeAdmin,
    });
    expect(history.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    const actions = (
      await t.db.select().from(auditEntries).where(eq(auditEntries.licenceId, acme.licenceId))
    ).map((e) => e.action);
    expect(actions.filter((action) => action === 'privacy_request.close')).toHaveLength(1);
  });
});
