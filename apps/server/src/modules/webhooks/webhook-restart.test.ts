import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { killHard, type ServerProcess, signIn, withServerProcess } from '../../test/process-suite.ts';
import { createLicence } from '../licence/provision.ts';
import { startReceiver } from './webhook-receiver.fixtures.ts';

/**
 * kill -9 between the commit and the delivery (issue 25, decision 199): the real server as a process, a real
 * loopback receiver. The move commits its event; the receiver kills the server when the delivery arrives,
 * before answering, so the server never learns it was received. A new server on the same data delivers it
 * again, with the same webhook-id (at-least-once: the receiver drops the second by its id), and logs it
 * succeeded. The delivery's lease (6 s here) gives it back on PostgreSQL; on PGlite the new process takes it
 * at once.
 */
const ADMIN = { email: 'admin@webhook-restart.test', password: 'webhook restart password' };
const ENV = {
  VIVIER_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  VIVIER_JOB_LEASE_SECONDS: '5',
  // A delivery's lease is the longer of the queue's and three attempts' deadline: 6 s here.
  VIVIER_WEBHOOK_TIMEOUT_MS: '2000',
};

const processes = withServerProcess('webhook-restart');
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let server: ServerProcess | undefined;
let killed = false;
let applicationId = 0;
let statusId = 0;

beforeAll(async () => {
  const opened = await processes.database.open();
  const db = opened.db;
  const { licence, statuses } = await createLicence(db, {
    name: 'Webhook restart',
    creditsMax: 100,
    planType: 'demo',
    admin: { ...ADMIN, firstName: 'Rita', lastName: 'Restart' },
  });
  const L = licence.id;
  statusId = statuses[2]?.id ?? 0;
  const [offer] = await rawRows<{ id: number }>(
    db,
    sql`insert into job_offers (licence_id, name) values (${L}, 'Restart') returning id`,
  );
  const [candidate] = await rawRows<{ id: number }>(
    db,
    sql`insert into candidates (licence_id, first_name, details) values (${L}, 'Kim', '{}'::jsonb) returning id`,
  );
  const [application] = await rawRows<{ id: number }>(
    db,
    sql`insert into job_applications (licence_id, candidate_id, job_offer_id, status_id, candidate_updated_at)
        values (${L}, ${candidate?.id}, ${offer?.id}, ${statuses[0]?.id}, now()) returning id`,
  );
  applicationId = Number(application?.id);
  await opened.close();
  receiver = await startReceiver(() => {
    if (!killed && server) {
      killed = true;
      server.child.kill('SIGKILL');
      return { status: 200, delayMs: 60_000 };
    }
    return { status: 200 };
  });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
});

describe('a delivery interrupted by kill -9', () => {
  it('is delivered by the next server with the same id, and logged once succeeded', async () => {
    server = await processes.start({ env: ENV });
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
    const made = await admin.call('POST', '/api/webhooks', {
      url: `${receiver.url}/restart`,
      event_types: ['application.moved'],
    });
    expect(made.status).toBe(201);
    const { id, secret } = made.body as { id: number; secret: string };
    const moved = await admin.call('PATCH', `/api/job_applications/${applicationId}`, {
      status_id: statusId,
    });
    expect(moved.status).toBe(200);
    await server.exited;
    expect(killed).toBe(true);
    expect(receiver.received).toHaveLength(1);

    server = await processes.start({ env: ENV });
    const again = await signIn(server.url, ADMIN.email, ADMIN.password);
    const deadline = Date.now() + 150_000;
    let log: { state: string; attempts: number; status: number | null }[] = [];
    while (Date.now() < deadline) {
      log = ((await again.call('GET', `/api/webhooks/${id}/deliveries`)).body as { data: typeof log }).data;
      if (log[0]?.state === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ state: 'succeeded', status: 200 });
    expect(receiver.received).toHaveLength(2);
    const [first, second] = receiver.received;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    const verified = new Webhook(secret).verify(second?.body ?? '', second?.headers ?? {}) as {
      type: string;
      data: { id: number; status_id: number };
    };
    expect(verified).toMatchObject({
      type: 'application.moved',
      data: { id: applicationId, status_id: statusId },
    });
    await killHard(server);
    server = undefined;
  }, 240_000);
});
