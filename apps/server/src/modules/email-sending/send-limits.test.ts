import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailSends } from '../../db/schema/index.ts';
import { insertCandidate, sendingRequests, withMailingApp } from '../../test/fixtures/email-sending.ts';
import { insertApplications, type Organisation } from '../../test/fixtures/organisation.ts';
import type { TestApp } from '../../test/harness.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { awayFromWindowEnd } from '../../test/window-edge.ts';

/** The hourly send limit per user (EMAIL_SEND_LIMIT_PER_HOUR, here 3 messages). */
let t: TestApp;
let org: Organisation;
let sink: SmtpSink;
withMailingApp({ env: { EMAIL_SEND_LIMIT_PER_HOUR: '3' }, pollMs: 20 }, (made) => ({ t, org, sink } = made));
const api = sendingRequests(() => t);

describe('EMAIL_SEND_LIMIT_PER_HOUR', () => {
  it('refuses a send past the hourly number of messages with 429 and Retry-After, sending nothing', async () => {
    // The hour is the clock's (a CI run that crossed 16:00 found the count fresh half way): all in one hour.
    await awayFromWindowEnd(3600, 120);
    const template = await api.createTemplate(org.alice.headers, { name: 'Limited', subject: 'Hi' });
    const offer = await api.createOffer(org.alice.headers, {
      name: 'Limited',
      email_template_id: template.id,
    });
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c']) {
      ids.push(await insertCandidate(t, org.licence.id, { firstName: name, email: `${name}@mail.test` }));
    }
    await insertApplications(
      t,
      org.licence.id,
      offer.id,
      ids.map((candidateId) => ({ candidateId, statusId: null })),
    );
    const [a = 0, b = 0, c = 0] = ids;

    await api.sendAndWait(org.alice.headers, offer.id, { candidate_ids: [a, b] });
    const refused = await api.send(org.alice.headers, offer.id, { candidate_ids: [b, c] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'send_limit_reached',
      message: 'Too many emails sent in the last hour',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await t.db.select().from(emailSends).where(eq(emailSends.jobOfferId, offer.id))).toHaveLength(1);

    // The refused send was not counted: one more message still fits, and another user has their own count.
    await api.sendAndWait(org.alice.headers, offer.id, { candidate_ids: [c] });
    expect((await api.send(org.alice.headers, offer.id, { candidate_ids: [a] })).statusCode).toBe(429);
    expect((await api.send(org.admin.headers, offer.id, { candidate_ids: [a, b, c] })).statusCode).toBe(202);
    expect(sink.received.length).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it('is a validated setting', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(loadConfig({ VIVIER_JWT_SECRET: 'x'.repeat(32) }).emailSendLimitPerHour).toBe(500);
    expect(() => loadConfig({ EMAIL_SEND_LIMIT_PER_HOUR: '0' })).toThrow(/EMAIL_SEND_LIMIT_PER_HOUR/);
  });
});
