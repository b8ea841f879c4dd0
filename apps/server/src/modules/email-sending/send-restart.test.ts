import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { parseMail } from '../../test/mime.ts';
import { killHard, type ServerProcess, signIn, withServerProcess } from '../../test/process-suite.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createLicence } from '../licence/provision.ts';

/**
 * kill -9 in the middle of a send (issue 18): the real server as a process, the real SMTP sink. The sink kills
 * the server when the 10th message's recipient is announced, before answering it, so that message never left.
 * A new server on the same data must send the 30 others and none twice; the job's lease (5 s here,
 * VIVIER_JOB_LEASE_SECONDS) gives it back on PostgreSQL once it runs out.
 */
const RECIPIENTS = 40;
const KILL_AT = 10;
const ADMIN = { email: 'admin@restart.test', password: 'restart test password' };

const processes = withServerProcess('send-restart');
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: ServerProcess | undefined;
let offerId = 0;
let candidateIds: number[] = [];
let killed = false;

beforeAll(async () => {
  const opened = await processes.database.open();
  const db = opened.db;
  const { licence } = await createLicence(db, {
    name: 'Restart licence',
    creditsMax: 1000,
    planType: 'demo',
    admin: { ...ADMIN, firstName: 'Rita', lastName: 'Restart' },
  });
  const L = licence.id;
  const [template] = await rawRows<{ id: number }>(
    db,
    sql`insert into email_templates (licence_id, name, subject, content)
        values (${L}, 'Hello', 'Hello [:first_name:]', '<p>Dear [:first_name:]</p>') returning id`,
  );
  const [offer] = await rawRows<{ id: number }>(
    db,
    sql`insert into job_offers (licence_id, name, email_template_id) values (${L}, 'Restart', ${template?.id}) returning id`,
  );
  offerId = Number(offer?.id);
  const rows = await rawRows<{ id: number }>(
    db,
    sql`insert into candidates (licence_id, first_name, details)
        select ${L}, 'Person' || g, '{}'::jsonb from generate_series(1, ${RECIPIENTS}) g returning id`,
  );
  candidateIds = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await db.execute(sql`insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
    select ${L}, id, 'email', 'person' || id || '@restart.test', true from candidates where licence_id = ${L}`);
  await db.execute(sql`insert into job_applications (licence_id, candidate_id, job_offer_id, candidate_updated_at)
    select ${L}, id, ${offerId}, now() from candidates where licence_id = ${L}`);
  await opened.close();

  let announced = 0;
  sink = await startSmtpSink({
    onRecipient: () => {
      if (++announced === KILL_AT && server && !killed) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    },
  });
}, 120_000);

afterAll(async () => {
  await sink?.close();
});

describe('a send interrupted by kill -9', () => {
  it('is finished by the next server: every message once, each recorded once', async () => {
    server = await processes.start({ env: { SMTP_URL: sink.url, VIVIER_JOB_LEASE_SECONDS: '5' } });
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
    const started = await admin.call('POST', `/api/job_offers/${offerId}/emails`, {
      candidate_ids: candidateIds,
    });
    expect(started.status).toBe(202);
    const { id } = started.body as { id: number };
    await server.exited;
    expect(killed).toBe(true);
    expect(sink.received).toHaveLength(KILL_AT - 1);

    server = await processes.start({ env: { SMTP_URL: sink.url, VIVIER_JOB_LEASE_SECONDS: '5' } });
    const again = await signIn(server.url, ADMIN.email, ADMIN.password);
    const deadline = Date.now() + 90_000;
    let progress: { state: string; sent: number; failed: number; total: number } | undefined;
    while (Date.now() < deadline) {
      progress = (await again.call('GET', `/api/email_sends/${id}`)).body as typeof progress;
      if (progress?.state === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(progress).toMatchObject({ state: 'done', total: RECIPIENTS, sent: RECIPIENTS, failed: 0 });

    const to = sink.received.flatMap((m) => m.to).sort();
    expect(to).toEqual(candidateIds.map((c) => `person${c}@restart.test`).sort());
    expect(new Set(sink.received.map((m) => parseMail(m.raw).headers['message-id'])).size).toBe(RECIPIENTS);

    await killHard(server);
    server = undefined;
    const reopened = await processes.database.open();
    try {
      const recorded = await rawRows<{ candidate_id: number; n: number }>(
        reopened.db,
        sql`select candidate_id, count(*)::int as n from candidate_emails group by candidate_id`,
      );
      expect(recorded).toHaveLength(RECIPIENTS);
      expect(recorded.every((r) => Number(r.n) === 1)).toBe(true);
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
