import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries, candidateEvents, candidates, jobs, retentionNotices } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mime.ts';
import { until } from '../../test/until.ts';
import { isErased } from '../privacy/erasure.service.ts';
import { keepCandidateData, runRetention } from './retention.service.ts';
import { retentionMailJob } from './retention-mail.job.ts';

let t: TestApp;
withTestApp((made) => {
  t = made;
});

const DAY = 86_400_000;
/** `months` calendar months after `from` (as PostgreSQL's interval arithmetic counts them), plus `days`. */
const after = (from: Date, months: number, days = 0) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return new Date(d.getTime() + days * DAY);
};

const retentionMails = () =>
  t
    .outbox()
    .map(parseMail)
    .filter((mail) => mail.headers.subject?.includes('keep your data'));

describe('the retention job across a simulated clock (issue 24)', () => {
  it('mails once 30 days before, keeps the excluded and those who answered, erases exactly the due ones, and a second run changes nothing', async () => {
    await t.app.jobs.start({ pollMs: 20, backoffMs: 20 });
    // The daily run is on the durable queue: its first run done, the next one queued (one, a singleton key).
    const daily = (state: string) =>
      t.db.$count(jobs, and(eq(jobs.kind, 'retention.daily'), eq(jobs.state, state)));
    for (let i = 0; i < 200 && (await daily('done')) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await daily('done')).toBe(1);
    expect(await daily('queued')).toBe(1);
    const org = await organisation(t);
    const other = await organisation(t);
    await setSetting(t, other.licence.id, 'retention_months', 'off');
    const mailJob = retentionMailJob({
      mailer: { send: async () => {} },
      config: t.config,
      publicUrl: () => 'http://vivier.test',
    });
    // Queued under this kind's name, the mail is sent by the app's worker, through its mailer (the outbox).
    expect(mailJob.name).toBe('retention.notice_mail');

    const create = async (headers: Record<string, string>, name: string, email?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/candidates',
        headers,
        payload: { candidate: { first_name: name, last_name: 'Retained', emails: email ? [email] : [] } },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const due = await create(org.admin.headers, 'Due', 'due@retention.test');
    const excluded = await create(org.admin.headers, 'Excluded', 'excluded@retention.test');
    const keeper = await create(org.admin.headers, 'Keeper', 'keeper@retention.test');
    const silent = await create(org.admin.headers, 'Silent');
    const active = await create(org.admin.headers, 'Active', 'active@retention.test');
    const elsewhere = await create(other.admin.headers, 'Elsewhere', 'elsewhere@retention.test');
    const [row] = await t.db
      .select({ t0: sql<string>`max(${candidates.createdAt})` })
      .from(candidates)
      .where(eq(candidates.licenceId, org.licence.id));
    // Every candidate's activity is at most t0: the periods below count from it.
    const t0 = new Date(new Date(row?.t0 ?? '').getTime() + 1000);
    // Activity six months in: a note, an event, a move; here an event.
    await t.db.insert(candidateEvents).values({
      licenceId: org.licence.id,
      candidateId: active,
      kind: 'created',
      data: { how: 'form' },
      createdAt: after(t0, 6),
    });
    const excludedRes = await t.app.inject({
      method: 'POST',
      url: '/api/retention/exclusions',
      headers: org.admin.headers,
      payload: { candidate_id: excluded, reason: 'A pending legal claim' },
    });
    expect(excludedRes.statusCode, excludedRes.body).toBe(201);

    const run = (at: Date) => runRetention(t.db, mailJob, at);

    // Eleven months in, and a day before the notices: nothing.
    expect(await run(after(t0, 11))).toMatchObject({ noticed: 0, erased: 0 });
    expect(await run(after(t0, 24, -31))).toMatchObject({ noticed: 0, erased: 0 });

    // 29 days before: a mail to each due candidate with an email (not the excluded, not the one without).
    const noticeAt = after(t0, 24, -29);
    expect(await run(noticeAt)).toMatchObject({ noticed: 2, erased: 0 });
    expect(await run(noticeAt)).toMatchObject({ noticed: 0, erased: 0 });
    const mails = await until(retentionMails, (m) => m.length >= 2);
    expect(mails.map((m) => m.headers.to).sort()).toEqual(['due@retention.test', 'keeper@retention.test']);

    // The keeper follows the link: their answer is consent, and a new period starts.
    const keeperMail = mails.find((m) => m.headers.to === 'keeper@retention.test');
    const token = keeperMail?.text.match(/\/careers\/-\/keep\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');
    const kept = await keepCandidateData(t.db, {
      tokenHash: hashToken(token),
      text: 'I agree',
      address: '203.0.113.7',
      now: after(t0, 24, -20),
    });
    expect(kept).toMatchObject({ kind: 'kept' });

    // The due date passed, but the mailed candidate has 30 days from the notice: one day short, nothing.
    expect(await run(after(t0, 24))).toMatchObject({ noticed: 0, erased: 1 });
    expect(await isErased(t.db, org.licence.id, silent)).toBe(true);
    expect(await isErased(t.db, org.licence.id, due)).toBe(false);

    // Thirty days after the notice: the due candidate goes too.
    const erasedAt = new Date(noticeAt.getTime() + 30 * DAY + 1000);
    expect(await run(erasedAt)).toMatchObject({ noticed: 0, erased: 1 });
    expect(await run(erasedAt)).toMatchObject({ noticed: 0, erased: 0 });

    for (const id of [due, silent]) {
      expect(await isErased(t.db, org.licence.id, id)).toBe(true);
      // A tombstone (decision 193): its applications stay for the reports, nothing names the person.
      const res = await t.app.inject({ url: `/api/candidates/${id}`, headers: org.admin.headers });
      expect(res.json()).toMatchObject({ first_name: null, last_name: null });
    }
    for (const id of [excluded, keeper, active]) {
      expect(await isErased(t.db, org.licence.id, id)).toBe(false);
    }
    expect(await isErased(t.db, other.licence.id, elsewhere)).toBe(false);
    // The keeper holds their data by consent now.
    const keeperNow = await t.app.inject({ url: `/api/candidates/${keeper}`, headers: org.admin.headers });
    expect(keeperNow.json()).toMatchObject({ legal_basis: 'consent', legal_basis_by: null });

    // Six more months: the active candidate's period ends (activity at 6 months + 24); they were mailed once.
    expect(await run(after(t0, 30, -29))).toMatchObject({ noticed: 1, erased: 0 });
    await until(retentionMails, (m) => m.length >= 3);
    expect(retentionMails().map((m) => m.headers.to)).toEqual(
      expect.arrayContaining(['active@retention.test']),
    );
    // No mail went twice to anyone.
    const recipients = retentionMails().map((m) => m.headers.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    // The keeper's and the active candidate's notices; the erased candidate's went with them.
    expect(await t.db.$count(retentionNotices, eq(retentionNotices.licenceId, org.licence.id))).toBe(2);

    // The log counts each run that did something, without a name.
    const runs = await t.db
      .select({ details: auditEntries.details })
      .from(auditEntries)
      .where(and(eq(auditEntries.licenceId, org.licence.id), eq(auditEntries.action, 'retention.run')));
    expect(runs.map((r) => r.details)).toEqual([
      { step: 'notice', noticed: 2, months: 24 },
      { step: 'erase', due: 1, erased: 1, mode: 'erase', months: 24 },
      { step: 'erase', due: 1, erased: 1, mode: 'erase', months: 24 },
      { step: 'notice', noticed: 1, months: 24 },
    ]);
  });

  it('anonymises once under the anonymise setting: the tombstone is never due again', async () => {
    const org = await organisation(t);
    await setSetting(t, org.licence.id, 'retention_action', 'anonymise');
    const mailJob = retentionMailJob({
      mailer: { send: async () => {} },
      config: t.config,
      publicUrl: () => 'http://vivier.test',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.admin.headers,
      payload: { candidate: { first_name: 'Nameless', last_name: 'Later' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const later = after(new Date(), 25);
    expect(await runRetention(t.db, mailJob, later)).toMatchObject({ erased: 1 });
    expect(await isErased(t.db, org.licence.id, id)).toBe(true);
    const [row] = await t.db
      .select({ firstName: candidates.firstName, erasedAt: candidates.erasedAt })
      .from(candidates)
      .where(eq(candidates.id, id));
    expect(row?.firstName).not.toBe('Nameless');
    expect(row?.erasedAt).not.toBeNull();
    // The next days find nothing to do in this licence, and write nothing more to its log (the run covers
    // every licence: the other test's candidates may be due then).
    await runRetention(t.db, mailJob, after(later, 0, 1));
    await runRetention(t.db, mailJob, after(later, 6));
    const runs = await t.db.$count(
      auditEntries,
      and(eq(auditEntries.licenceId, org.licence.id), eq(auditEntries.action, 'retention.run')),
    );
    expect(runs).toBe(1);
  });
});
