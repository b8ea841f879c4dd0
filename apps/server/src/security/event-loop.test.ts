import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../db/raw-rows.ts';
import { ADVERSARIAL_HTML } from '../test/adversarial-html.ts';
import { insertCandidate, sendingRequests, withMailingApp } from '../test/fixtures/email-sending.ts';
import type { Organisation } from '../test/fixtures/organisation.ts';
import type { TestApp } from '../test/harness.ts';
import type { SmtpSink } from '../test/smtp-sink.ts';

/**
 * One request must never stall the server (issue 18 §2): while adversarial rich text of the largest accepted
 * size is written as templates and signatures (four at a time, as the review did), and while a preview and a
 * send for 200 recipients of a 100 kB template run, `/api/health` keeps answering and the event loop's delay
 * stays low. Before the fix, `'<div '.repeat(20000)` alone held the loop 2.3 s (four at once: 10 s) and the
 * preview 7.3 s. The server's thread is measured in-process (monitorEventLoopDelay).
 *
 * The bounds: the median health answer within 100 ms (the issue's figure), and no answer slower than 2 s (the
 * old code: 2.3 s for one `<div ` write, 10 s for four, 7.3 s for the preview). On the shared 2-core test
 * machine (load average 11 to 16, other test runs beside) garbage collection and descheduling add single
 * pauses of 100 to 900 ms even to inputs that cost nothing, so the worst answer cannot be held to 100 ms there;
 * the figures are printed (docs/decisions/130).
 */
const LIMIT_MS = 100;
const SLOWEST_LIMIT_MS = 2000;

let t: TestApp;
let org: Organisation;
let sink: SmtpSink;
withMailingApp({ pollMs: 50, hookTimeout: 60_000 }, (made) => ({ t, org, sink } = made));
const api = sendingRequests(() => t);

/** Runs `work` while health is asked every 20 ms; answers the slowest health answer and the loop's delays. */
async function whileHealthIsWatched(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const health: number[] = [];
  let running = true;
  const watch = (async () => {
    while (running) {
      const start = performance.now();
      const res = await t.app.inject({ url: '/api/health' });
      health.push(performance.now() - start);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  histogram.enable();
  // At least a second of answers, so the median is not the first answer of a burst.
  const minimum = new Promise((resolve) => setTimeout(resolve, 1000));
  try {
    await work();
    await minimum;
  } finally {
    running = false;
    await watch;
    histogram.disable();
  }
  return {
    medianHealthMs: [...health].sort((a, b) => a - b)[Math.floor(health.length / 2)] ?? 0,
    slowestHealthMs: Math.max(...health),
    healthAnswers: health.length,
    maxDelayMs: histogram.max / 1e6,
    p99DelayMs: histogram.percentile(99) / 1e6,
  };
}

describe('adversarial rich text does not stall the server', () => {
  for (const [name, html] of Object.entries(ADVERSARIAL_HTML)) {
    it(`${name} (${html.length} characters), as four templates and a signature at once`, async () => {
      const figures = await whileHealthIsWatched(() =>
        Promise.all([
          ...Array.from({ length: 4 }, (_, i) =>
            api.createTemplate(org.alice.headers, { name: `${name} ${i}`, content: html }),
          ),
          api.saveSignature(org.bob.headers, html).then((res) => expect(res.statusCode).toBe(200)),
        ]),
      );
      console.info(`event loop under "${name}":`, JSON.stringify(figures));
      expect(figures.medianHealthMs).toBeLessThan(LIMIT_MS);
      expect(figures.slowestHealthMs).toBeLessThan(SLOWEST_LIMIT_MS);
    });
  }

  it('a preview and a send for 200 recipients of a 100 kB template', async () => {
    await api.saveSignature(org.alice.headers, '');
    const template = await api.createTemplate(org.alice.headers, {
      name: 'Large',
      subject: 'Hello [:first_name:]',
      content: ADVERSARIAL_HTML['deep nesting'] ?? '',
    });
    const offer = await api.createOffer(org.alice.headers, { name: 'Crowd', email_template_id: template.id });
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) {
      ids.push(await insertCandidate(t, org.licence.id, { firstName: `P${i}`, email: `p${i}@mail.test` }));
    }
    await t.db.execute(sql`insert into job_applications (licence_id, candidate_id, job_offer_id, candidate_updated_at)
      select ${org.licence.id}, id, ${offer.id}, now() from candidates where id = any(${`{${ids.join(',')}}`}::int[])`);
    let answerBytes = 0;
    const figures = await whileHealthIsWatched(async () => {
      const preview = await api.preview(org.alice.headers, offer.id, {});
      expect(preview.statusCode).toBe(200);
      answerBytes = preview.rawPayload.length;
      const { progress } = await api.sendAndWait(
        org.alice.headers,
        offer.id,
        { candidate_ids: ids },
        240_000,
      );
      expect(progress).toMatchObject({ state: 'done', sent: 200 });
    });
    console.info(
      'event loop under a 200-recipient preview and send:',
      JSON.stringify({ ...figures, answerBytes }),
    );
    expect(figures.medianHealthMs).toBeLessThan(LIMIT_MS);
    expect(figures.slowestHealthMs).toBeLessThan(SLOWEST_LIMIT_MS);
    // One message per preview answer, not 200 (the review measured 19.6 MB).
    expect(answerBytes).toBeLessThan(1_000_000);
    const [sent] = await rawRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from candidate_emails where job_offer_id = ${offer.id}`,
    );
    expect(Number(sent?.n)).toBe(200);
  }, 300_000);
});
