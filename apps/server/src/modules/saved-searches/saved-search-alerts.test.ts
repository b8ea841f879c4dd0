import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { withMailingApp } from '../../test/fixtures/email-sending.ts';
import { insertPeople } from '../../test/fixtures/job-applications.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import { parseMail } from '../../test/mime.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { until } from '../../test/until.ts';
import { savedSearchAlertMailJob } from './saved-search-alert-mail.job.ts';
import { lastDigestAt, runSavedSearchAlerts } from './saved-search-alerts.job.ts';

// Saved searches' alerts (issue 28, decision 209): the run on the durable queue, its mail through a real SMTP
// server on loopback, its notification, never twice for one candidate. The app's own periodic run is set an
// hour apart, and the tests start once its first run (at start) is over, so each run here is the test's.
let t: TestApp, org: Organisation, other: Organisation, sink: SmtpSink;
withMailingApp(
  { pollMs: 20, env: { VIVIER_SAVED_SEARCH_ALERTS_SECONDS: '3600' } },
  (made) => ({ t, org, sink } = made),
);
beforeAll(async () => {
  other = await organisation(t);
  await appRunOver();
});

/**
 * Waits for the app's own alert run at start (and any retry of it) to be over, the next one an hour away: a
 * run of the app's worker during a test would take candidates the test's run counts (seen on PostgreSQL).
 */
const appRunOver = async () => {
  for (let i = 0; i < 400; i++) {
    const [row] = await rawRows<{ done: number; pending: number }>(
      t.db,
      sql`select count(*) filter (where state in ('done', 'dead'))::int as done,
                 count(*) filter (where state = 'running'
                   or (state = 'queued' and run_at < now() + interval '10 minutes'))::int as pending
            from jobs where kind = 'saved_searches.alerts'`,
    );
    if (Number(row?.done) > 0 && Number(row?.pending) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the app's first alert run was not over after 10 s");
};

// Only its kind's name and payload are used to queue: the app's worker runs its own.
const mailJob = () => savedSearchAlertMailJob({ mailer: { send: async () => {} }, publicUrl: () => '' });
const run = (now?: Date) => runSavedSearchAlerts(t.db, mailJob(), { now, wake: () => t.app.jobs.wake() });

const save = async (headers: Headers, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/saved_searches', headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; alert: string };
};
const query = (search: string) => ({ search, tags: [], in_cvs: false, source: '', legal_basis: '' });
const newCandidate = async (headers: Headers, firstName: string, lastName: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidates',
    headers,
    payload: { candidate: { first_name: firstName, last_name: lastName } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
type AlertNotification = {
  kind: string;
  candidate: { id: number; name: string };
  saved_search: { id: number; name: string; count: number } | null;
};
const alertsOf = async (headers: Headers, searchId: number) => {
  const res = await t.app.inject({ url: '/api/notifications?per_page=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as AlertNotification[]).filter(
    (n) => n.kind === 'saved_search' && n.saved_search?.id === searchId,
  );
};
const mailsAbout = (name: string) =>
  sink.received.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) })).filter((m) => m.text.includes(name));
/** Waits until no alert mail is queued or running: what the run queued has left or failed. */
const mailsSettled = async () => {
  for (let i = 0; i < 200; i++) {
    const [row] = await rawRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs
          where kind = 'saved_searches.alert_mail' and state in ('queued', 'running')`,
    );
    if (Number(row?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('alert mails still queued after 5 s');
};

describe('saved search alerts', () => {
  it('mails and notifies the owner once of a new matching candidate, and of nothing else', async () => {
    const search = await save(org.alice.headers, {
      name: 'Zanzibar devs',
      shared: true,
      query: query('zanzibar'),
      alert: 'instant',
    });
    expect(search.alert).toBe('instant');
    const quiet = await save(org.alice.headers, {
      name: 'Never matched',
      query: query('xylophonist'),
      alert: 'instant',
    });
    const matching = await newCandidate(org.admin.headers, 'Ada', 'Zanzibar');
    await newCandidate(org.admin.headers, 'Grace', 'Hopper');
    await newCandidate(other.admin.headers, 'Other', 'Zanzibar');

    const first = await run();
    expect(first.candidates).toBe(1);
    await mailsSettled();
    const mails = await until(
      () => mailsAbout('Zanzibar devs'),
      (m) => m.length >= 1,
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toEqual([org.alice.email]);
    expect(mail?.headers.subject).toBe('Vivier: 1 new candidate for “Zanzibar devs”');
    expect(mail?.text).toContain('1 new candidate matches your saved search “Zanzibar devs”');
    expect(mail?.text).toContain(`Ada Zanzibar: `);
    expect(mail?.text).toContain(`/candidates?candidate=${matching}`);
    expect(mail?.text).toContain('/candidates?filters%5Bsearch%5D=zanzibar');
    expect(mail?.text).not.toContain('Hopper');
    expect(mail?.html).toContain(`candidates?candidate=${matching}">Ada Zanzibar</a>`);

    const alerts = await alertsOf(org.alice.headers, search.id);
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'saved_search',
        candidate: { id: matching, name: 'Ada Zanzibar' },
        saved_search: expect.objectContaining({ id: search.id, name: 'Zanzibar devs', count: 1 }),
      }),
    ]);
    // The alert is its owner's: a teammate who sees the shared search is not told, nor another licence.
    expect(await alertsOf(org.bob.headers, search.id)).toEqual([]);
    expect(await alertsOf(other.admin.headers, search.id)).toEqual([]);
    // No match, no mail and no notification.
    expect(await alertsOf(org.alice.headers, quiet.id)).toEqual([]);
    expect(mailsAbout('Never matched')).toEqual([]);

    // A second run (and two at once) finds nothing new: no second mail, no second notification.
    const again = await Promise.all([run(), run()]);
    expect(again.map((r) => r.candidates)).toEqual([0, 0]);
    await mailsSettled();
    expect(mailsAbout('Zanzibar devs')).toHaveLength(1);
    expect(await alertsOf(org.alice.headers, search.id)).toHaveLength(1);

    // A later match is alerted on its own.
    const later = await newCandidate(org.bob.headers, 'Zanzibar', 'Later');
    expect((await run()).candidates).toBe(1);
    await mailsSettled();
    const both = await until(
      () => mailsAbout('Zanzibar devs'),
      (m) => m.length >= 2,
    );
    expect(both).toHaveLength(2);
    expect(both[1]?.text).toContain(`/candidates?candidate=${later}`);
    expect(both[1]?.text).not.toContain(`/candidates?candidate=${matching}`);
  });

  it('alerts nothing once turned off, and only candidates created after it is turned on again', async () => {
    const search = await save(org.bob.headers, { name: 'Okapis', query: query('okapi'), alert: 'instant' });
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/saved_searches/${search.id}`,
        headers: org.bob.headers,
        payload,
      });
    expect((await patch({ alert: 'off' })).json().alert).toBe('off');
    await newCandidate(org.admin.headers, 'Okapi', 'Before');
    await run();
    expect(await alertsOf(org.bob.headers, search.id)).toEqual([]);
    expect((await patch({ alert: 'instant', alert_language: 'fr' })).json().alert).toBe('instant');
    await run();
    expect(await alertsOf(org.bob.headers, search.id)).toEqual([]);
    const after = await newCandidate(org.admin.headers, 'Okapi', 'Après');
    expect((await run()).candidates).toBe(1);
    await mailsSettled();
    const [mail] = await until(
      () => mailsAbout('Okapis'),
      (m) => m.length >= 1,
    );
    // In the language the owner set the alert in.
    expect(mail?.headers.subject).toBe('Vivier : 1 nouveau candidat pour « Okapis »');
    expect(mail?.text).toContain(`Okapi Après: `);
    expect(mail?.text).toContain(`/candidates?candidate=${after}`);
    expect(mail?.text).not.toContain('Before');
  });

  it('names at most 50 candidates in one alert and counts the others', async () => {
    const search = await save(org.alice.headers, {
      name: 'Capybaras',
      query: query('capybara'),
      alert: 'instant',
    });
    await insertPeople(
      t,
      org.licence.id,
      Array.from({ length: 53 }, (_, i) => ({
        firstName: 'Capybara',
        lastName: `N${String(i).padStart(2, '0')}`,
      })),
    );
    expect((await run()).candidates).toBe(53);
    await mailsSettled();
    const [mail] = await until(
      () => mailsAbout('Capybaras'),
      (m) => m.length >= 1,
    );
    expect(mail?.headers.subject).toBe('Vivier: 53 new candidates for “Capybaras”');
    expect(mail?.text.match(/^- Capybara N\d\d: /gm)).toHaveLength(50);
    expect(mail?.text).toContain('… and 3 more.');
    const [alert] = await alertsOf(org.alice.headers, search.id);
    expect(alert?.saved_search?.count).toBe(53);
  });

  // Last: its run is dated the next digest, past every other search's mark.
  it('groups a daily search’s new matches into one digest at the digest hour, in its language', async () => {
    const search = await save(org.alice.headers, {
      name: 'Quokkas',
      query: query('quokka'),
      alert: 'daily',
      alert_language: 'fr',
    });
    const ids = [
      await newCandidate(org.admin.headers, 'Quokka', 'Un'),
      await newCandidate(org.admin.headers, 'Quokka', 'Deux'),
      await newCandidate(org.bob.headers, 'Quokka', 'Trois'),
    ];
    // Not before the digest hour that follows its saving.
    const instant = await run();
    expect(instant.candidates).toBe(0);
    expect(await alertsOf(org.alice.headers, search.id)).toEqual([]);

    const nextDigest = new Date(lastDigestAt(new Date()).getTime() + 24 * 3600 * 1000 + 60_000);
    const digest = await run(nextDigest);
    expect(digest.candidates).toBeGreaterThanOrEqual(3);
    await mailsSettled();
    const mails = await until(
      () => mailsAbout('Quokkas'),
      (m) => m.length >= 1,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers.subject).toBe("Vivier : 3 nouveaux candidats pour « Quokkas » aujourd'hui");
    expect(mails[0]?.text).toContain(
      'Votre résumé du jour : 3 nouveaux candidats correspondent à votre recherche enregistrée « Quokkas »',
    );
    for (const id of ids) expect(mails[0]?.text).toContain(`/candidates?candidate=${id}`);
    expect(mails[0]?.text).toContain('Ouvrir la recherche');
    const alerts = await alertsOf(org.alice.headers, search.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.saved_search?.count).toBe(3);

    // The same digest hour again: nothing more.
    expect((await run(new Date(nextDigest.getTime() + 60_000))).candidates).toBe(0);
    await mailsSettled();
    expect(mailsAbout('Quokkas')).toHaveLength(1);
  });
});
