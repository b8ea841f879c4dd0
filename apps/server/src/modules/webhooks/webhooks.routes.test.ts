import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeApplicationStatuses } from '../../commands/change-application-statuses.ts';
import { enqueue } from '../../jobs/queue.ts';
import { apply, insertOffer } from '../../test/fixtures/job-applications.ts';
import { insertCandidates, type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mime.ts';
import { until } from '../../test/until.ts';
import { webhookDrainKind } from '../webhook-outbox/webhook-outbox.service.ts';
import { startReceiver } from './webhook-receiver.fixtures.ts';

/**
 * Webhooks over HTTP (issue 25, decision 199): endpoints managed by admins and tokens, the outbox written with
 * the change, deliveries to a real loopback receiver (allowed by VIVIER_WEBHOOK_ALLOW_HOSTS, as in tests
 * only) signed so the `standardwebhooks` package verifies them, and the delivery log.
 */
let t: TestApp;
let org: Organisation;
let other: Organisation;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** What the receiver answers next, per path: a queue of answers, then 200. */
const script = new Map<string, { status: number; delayMs?: number; location?: string }[]>();

beforeAll(async () => {
  t = await createTestApp({ VIVIER_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', VIVIER_WEBHOOK_TIMEOUT_MS: '400' });
  org = await organisation(t);
  other = await organisation(t);
  receiver = await startReceiver((request) => script.get(request.path)?.shift() ?? { status: 200 });
  await t.app.jobs.start({ pollMs: 20, backoffMs: 20 });
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const create = (payload: object, headers = org.admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload });

/** An endpoint of `o` at the receiver's `path`, taking `types`: its id and secret. */
async function endpoint(path: string, types: string[], o: Organisation = org) {
  const res = await create({ url: `${receiver.url}${path}`, event_types: types }, o.admin.headers);
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, secret: res.json().secret as string };
}

const deliveries = async (id: number, headers = org.admin.headers) => {
  const res = await t.app.inject({ url: `/api/webhooks/${id}/deliveries`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    event_id: number;
    event_type: string;
    state: string;
    attempts: number;
    status: number | null;
    latency_ms: number | null;
    response_excerpt: string | null;
    error: string | null;
  }[];
};

/** Waits for the delivery log of `id` to satisfy `done`. */
const logUntil = async (id: number, done: (log: Awaited<ReturnType<typeof deliveries>>) => boolean) => {
  for (let i = 0; i < 200; i++) {
    const log = await deliveries(id);
    if (done(log)) return log;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return deliveries(id);
};

/** An offer of `o` with `n` candidates at its first status: the offer and application ids. */
async function pipeline(o: Organisation, n: number) {
  const offerId = await insertOffer(t, o.licence.id, o.admin.id, `Offer ${Date.now()}`);
  const candidateIds = await insertCandidates(t, o.licence.id, n);
  const applicationIds = await apply(
    t,
    o.licence.id,
    offerId,
    candidateIds.map((candidateId) => ({ candidateId, statusId: o.statuses[0]?.id ?? null })),
  );
  return { offerId, candidateIds, applicationIds };
}

/** Queues the drain now, as the periodic run would once the retry is due. */
async function drainNow() {
  await enqueue(t.db, webhookDrainKind, {}, { singletonKey: webhookDrainKind.name });
  t.app.jobs.wake();
}

const move = (id: number, statusId: number, headers = org.admin.headers) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/job_applications/${id}`,
    headers,
    payload: { status_id: statusId },
  });

describe('webhook endpoints, managed by admins', () => {
  it('shows the whsec_ secret once, keeps it sealed, and lists the endpoint without it', async () => {
    const res = await create({
      url: 'https://hooks.example.test/vivier',
      event_types: ['candidate.created', 'application.moved'],
      description: '  Payroll  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(made).toMatchObject({
      url: 'https://hooks.example.test/vivier',
      description: 'Payroll',
      event_types: ['candidate.created', 'application.moved'],
      enabled: true,
      disabled_reason: null,
      created_by: org.admin.id,
    });
    const list = await t.app.inject({ url: '/api/webhooks', headers: org.admin.headers });
    expect(list.json().data.map((e: { id: number }) => e.id)).toContain(made.id);
    expect(list.body).not.toContain(made.secret);
    expect(
      JSON.stringify(await rows(sql`select * from webhook_endpoints where id = ${made.id}`)),
    ).not.toContain(made.secret.slice(6));
    const theirs = await t.app.inject({ url: '/api/webhooks', headers: other.admin.headers });
    expect(theirs.json().data.map((e: { id: number }) => e.id)).not.toContain(made.id);
  });

  it('refuses bad input with a 400, a plain http URL unless its host is allowed, and a user with a 403', async () => {
    const good = { url: 'https://hooks.example.test/x', event_types: ['note.created'] };
    for (const payload of [
      {},
      { ...good, url: '' },
      { ...good, url: 'not a url' },
      { ...good, url: 'ftp://hooks.example.test/x' },
      { ...good, url: 'http://hooks.example.test/x' },
      { ...good, url: 'http://10.0.0.1/x' },
      { ...good, url: 'https://user:pass@hooks.example.test/x' },
      { ...good, url: `https://hooks.example.test/${'x'.repeat(2000)}` },
      { ...good, event_types: [] },
      { ...good, event_types: ['interview.cancelled'] },
      { ...good, event_types: ['note.created', 'note.created'] },
      { ...good, description: 'x'.repeat(201) },
      { ...good, secret: 'whsec_mine' },
      [good],
    ]) {
      const res = await create(payload);
      expect([JSON.stringify(payload).slice(0, 80), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 80),
        400,
      ]);
    }
    const http = await create({ ...good, url: 'http://hooks.example.test/x' });
    expect(http.json().details).toEqual([
      { path: 'body.url', problem: 'invalid', message: 'must be an https URL' },
    ]);
    // The allowed host (tests only) may be reached over plain http.
    expect((await create({ ...good, url: `${receiver.url}/allowed` })).statusCode).toBe(201);
    expect((await create(good, org.alice.headers)).statusCode).toBe(403);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from webhook_endpoints where url like '%hooks.example.test/x%'`,
    );
    expect(count?.n).toBe(0);
  });

  it("answers 404 for another licence's endpoint, 403 to a user, and changes nothing", async () => {
    const { id } = await endpoint('/theirs', ['note.created']);
    script.set('/theirs', [{ status: 500 }]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/test`,
      headers: org.admin.headers,
    });
    const deliveryId = sent.json().id as number;
    await logUntil(id, (l) => l[0]?.status === 500);
    for (const [method, url, payload] of [
      ['PATCH', `/api/webhooks/${id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${id}`, undefined],
      ['GET', `/api/webhooks/${id}/deliveries`, undefined],
      ['POST', `/api/webhooks/${id}/test`, undefined],
      ['POST', `/api/webhooks/${id}/deliveries/${deliveryId}/resend`, undefined],
    ] as const) {
      const stranger = await t.app.inject({ method, url, headers: other.admin.headers, payload });
      expect([url, stranger.statusCode]).toEqual([url, 404]);
      const user = await t.app.inject({ method, url, headers: org.alice.headers, payload });
      expect([url, user.statusCode]).toEqual([url, 403]);
    }
    // Another endpoint's delivery is not this one's.
    const { id: mine } = await endpoint('/mine-too', ['note.created']);
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${mine}/deliveries/${deliveryId}/resend`,
      headers: org.admin.headers,
    });
    expect(crossed.statusCode).toBe(404);
    const [row] = await rows<{ enabled: boolean }>(
      sql`select enabled from webhook_endpoints where id = ${id}`,
    );
    expect(row?.enabled).toBe(true);
    const deliveries = await rows<{ attempts: number; state: string }>(
      sql`select attempts, state from webhook_deliveries where endpoint_id in (${id}, ${mine})`,
    );
    expect(deliveries).toEqual([{ attempts: 1, state: 'pending' }]);
  });

  it('turns off and on, changes, and deletes with its log; two deletes at once answer 204 and 404', async () => {
    const { id } = await endpoint('/lifecycle', ['note.created']);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      headers: org.admin.headers,
      payload: { enabled: false, event_types: ['candidate.updated'] },
    });
    expect(off.json()).toMatchObject({
      enabled: false,
      disabled_reason: 'admin',
      event_types: ['candidate.updated'],
    });
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      headers: org.admin.headers,
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null });
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      headers: org.admin.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const both = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: org.admin.headers }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    const [audit] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_entries where action like 'webhook.%' and target_id = ${id}`,
    );
    expect(audit?.n).toBe(4);
  });
});

describe('API tokens and webhooks', () => {
  const token = async (scopes: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api_tokens',
      headers: org.admin.headers,
      payload: { name: `Webhooks ${scopes.join(' ')}`, scopes },
    });
    return { authorization: `Bearer ${res.json().token}` };
  };

  it('reads with webhooks:read, writes only with webhooks:write, and not at all with another scope', async () => {
    const reader = await token(['webhooks:read']);
    expect((await t.app.inject({ url: '/api/webhooks', headers: reader })).statusCode).toBe(200);
    const refused = await create(
      { url: 'https://hooks.example.test/t', event_types: ['note.created'] },
      reader,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API token lacks the scope webhooks:write');
    const writer = await token(['webhooks:write']);
    expect(
      (await create({ url: 'https://hooks.example.test/t', event_types: ['note.created'] }, writer))
        .statusCode,
    ).toBe(201);
    const candidates = await token(['candidates:read']);
    expect((await t.app.inject({ url: '/api/webhooks', headers: candidates })).json().error).toBe(
      'missing_scope',
    );
  });
});

describe('the outbox', () => {
  it('writes nothing when the transaction rolls back, and the event with its delivery when it commits', async () => {
    const { id } = await endpoint('/outbox', ['application.moved']);
    const { applicationIds } = await pipeline(org, 2);
    const to = org.statuses[1]?.id ?? 0;
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from webhook_events`);
    await expect(
      t.db.transaction(async (tx) => {
        await changeApplicationStatuses(tx, org.licence.id, { applicationIds }, to, {
          actorId: org.admin.id,
          via: 'bulk',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from webhook_events`)).toEqual(before);

    await t.db.transaction((tx) =>
      changeApplicationStatuses(tx, org.licence.id, { applicationIds }, to, {
        actorId: org.admin.id,
        via: 'bulk',
      }),
    );
    const log = await logUntil(id, (l) => l.length === 2 && l.every((d) => d.state === 'succeeded'));
    expect(log.map((d) => d.event_type)).toEqual(['application.moved', 'application.moved']);
    const bodies = receiver.received.filter((r) => r.path === '/outbox').map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.data.id).sort()).toEqual([...applicationIds].sort());
  });

  it("sends a licence's events to its own endpoints only", async () => {
    const mine = await endpoint('/mine', ['application.moved']);
    const theirs = await endpoint('/theirs-moves', ['application.moved'], other);
    const { applicationIds } = await pipeline(org, 1);
    const [applicationId = 0] = applicationIds;
    expect((await move(applicationId, org.statuses[2]?.id ?? 0)).statusCode).toBe(200);
    await logUntil(mine.id, (l) => l.some((d) => d.state === 'succeeded'));
    const theirLog = await t.app.inject({
      url: `/api/webhooks/${theirs.id}/deliveries`,
      headers: other.admin.headers,
    });
    expect(theirLog.json().data).toEqual([]);
    expect(receiver.received.filter((r) => r.path === '/theirs-moves')).toEqual([]);
  });
});

describe('a delivery', () => {
  it('is signed so standardwebhooks verifies it, carries the API JSON, and is logged with status and latency', async () => {
    const { id, secret } = await endpoint('/signed', ['application.moved', 'candidate.updated']);
    const { applicationIds, candidateIds } = await pipeline(org, 1);
    const [applicationId = 0] = applicationIds;
    const to = org.statuses[2]?.id ?? 0;
    expect((await move(applicationId, to)).statusCode).toBe(200);
    const log = await logUntil(id, (l) => l[0]?.state === 'succeeded');
    expect(log[0]).toMatchObject({
      event_type: 'application.moved',
      state: 'succeeded',
      attempts: 1,
      status: 200,
      response_excerpt: 'ok',
      error: null,
    });
    expect(log[0]?.latency_ms).toBeGreaterThanOrEqual(0);
    const [request] = receiver.received.filter((r) => r.path === '/signed');
    if (!request) throw new Error('nothing received');
    const verified = new Webhook(secret).verify(request.body, request.headers) as Record<string, unknown>;
    expect(verified).toMatchObject({
      id: `evt_${log[0]?.event_id}`,
      type: 'application.moved',
      data: { id: applicationId, candidate_id: candidateIds[0], status_id: to },
    });
    expect(request.headers['webhook-id']).toBe(`evt_${log[0]?.event_id}`);
    // The same body as the API answers for the application.
    const api = await t.app.inject({
      url: `/api/candidates/${candidateIds[0]}/job_applications`,
      headers: org.admin.headers,
    });
    const { job_offer: _offer, ...answered } = api.json().data[0];
    expect((verified.data as Record<string, unknown>).answers).toEqual(answered.answers);
    expect(verified.data).toMatchObject({
      id: answered.id,
      created_at: answered.created_at,
      source: answered.source,
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(request.body, request.headers),
    ).toThrow();
  });

  it('is retried after a 500 and after a timeout, with the same event id, then succeeds', async () => {
    const { id, secret } = await endpoint('/flaky', ['candidate.updated']);
    script.set('/flaky', [{ status: 500 }, { status: 200, delayMs: 1500 }]);
    const [candidateId = 0] = await insertCandidates(t, org.licence.id, 1);
    const tagged = await t.app.inject({
      method: 'PATCH',
      url: `/api/candidates/${candidateId}`,
      headers: org.admin.headers,
      payload: { candidate: { manual_data: { first_name: 'Renamed' } } },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    let log = await logUntil(id, (l) => l[0]?.attempts === 1 && l[0]?.status === 500);
    expect(log[0]).toMatchObject({ state: 'pending', status: 500, error: 'HTTP 500' });
    const [due] = await rows<{ next: number }>(
      sql`select extract(epoch from next_attempt_at - last_attempt_at)::float as next from webhook_deliveries
          where endpoint_id = ${id}`,
    );
    expect(due?.next).toBeGreaterThan(4);
    expect(due?.next).toBeLessThan(6);
    // The retry falls due (as 5 s later), and times out: the receiver answers after 1.5 s, the deadline is 400 ms.
    await t.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ${id}`);
    await drainNow();
    log = await logUntil(id, (l) => l[0]?.attempts === 2 && l[0]?.status !== 500);
    expect(log[0]).toMatchObject({ state: 'pending', status: null });
    expect(log[0]?.error).toMatch(/^timeout/);
    await t.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ${id}`);
    await drainNow();
    log = await logUntil(id, (l) => l[0]?.state === 'succeeded');
    expect(log[0]).toMatchObject({ state: 'succeeded', attempts: 3, status: 200 });
    const got = receiver.received.filter((r) => r.path === '/flaky');
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    for (const r of got) expect(() => new Webhook(secret).verify(r.body, r.headers)).not.toThrow();
  });

  it('is not redirected: a 3xx to loopback is a failed attempt and the other address is never called', async () => {
    const { id } = await endpoint('/redirect', ['note.created']);
    script.set('/redirect', [{ status: 302, location: `${receiver.url}/redirected` }]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: org.admin.headers }))
        .statusCode,
    ).toBe(202);
    const log = await logUntil(id, (l) => l[0]?.attempts === 1 && l[0]?.status !== null);
    expect(log[0]).toMatchObject({
      state: 'pending',
      status: 302,
      error: 'HTTP 302',
      event_type: 'webhook.test',
    });
    expect(receiver.received.filter((r) => r.path === '/redirected')).toEqual([]);
  });

  it('is sent again by "Resend" with the same id, and a test event reaches the endpoint whatever its types', async () => {
    const { id } = await endpoint('/resend', ['candidate.erased']);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/test`,
      headers: org.admin.headers,
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ event_type: 'webhook.test', state: 'pending' });
    await logUntil(id, (l) => l[0]?.state === 'succeeded');
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/deliveries/${sent.json().id}/resend`,
      headers: org.admin.headers,
    });
    expect(resent.statusCode).toBe(202);
    await until(
      () => receiver.received.filter((r) => r.path === '/resend').length,
      (n) => n === 2,
    );
    const got = receiver.received.filter((r) => r.path === '/resend');
    expect(got).toHaveLength(2);
    expect(got[0]?.headers['webhook-id']).toBe(got[1]?.headers['webhook-id']);
    expect(JSON.parse(got[0]?.body ?? '{}')).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: id },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/deliveries/999999/resend`,
      headers: org.admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('an endpoint failing for 3 days', () => {
  it('is turned off and its admins are mailed in both languages', async () => {
    const { id } = await endpoint('/down', ['note.created']);
    script.set('/down', [{ status: 503 }]);
    await t.db.execute(
      sql`update webhook_endpoints set failing_since = now() - interval '3 days 1 hour' where id = ${id}`,
    );
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: org.admin.headers });
    await logUntil(id, (l) => l[0]?.status === 503);
    const endpointOf = async () =>
      (await t.app.inject({ url: '/api/webhooks', headers: org.admin.headers }))
        .json()
        .data.find((e: { id: number }) => e.id === id);
    let found = await endpointOf();
    for (let i = 0; i < 100 && found.enabled; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      found = await endpointOf();
    }
    expect(found).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
    });
    const mail = await until(
      () => t.outbox().find((m) => m.includes('/down') && m.includes(org.admin.email)),
      (m) => m !== undefined,
    );
    const { text } = parseMail(mail ?? '');
    expect(text).toContain('failed for 3 days');
    expect(text).toContain('échouent depuis 3 jours');
  });
});
