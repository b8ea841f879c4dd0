import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  candidateConsents,
  candidateEvents,
  candidates,
  retentionNotices,
  users,
} from '../../db/schema/index.ts';
import { hashToken, newSecretToken } from '../../lib/secret-token.ts';
import { type Organisation, organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';

let t: TestApp;
let org: Organisation;
let other: Organisation;
let readerHeaders: Record<string, string>;
withTestApp((made) => {
  t = made;
});

beforeAll(async () => {
  org = await organisation(t);
  other = await organisation(t);
  const reader = await t.user(org.licence.id, 'reader@retention.test');
  await t.db.update(users).set({ level: 'other' }).where(eq(users.id, reader.id));
  readerHeaders = t.auth((await t.login('reader@retention.test')).jwt);
});

const create = async (headers: Record<string, string>, name: string, email?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidates',
    headers,
    payload: { candidate: { first_name: name, last_name: 'Kept', emails: email ? [email] : [] } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

/** Moves all of a candidate's activity `days` back, as if nothing had happened since. */
const ageCandidate = async (id: number, days: number) => {
  const back = sql`now() - make_interval(days => ${days})`;
  await t.db
    .update(candidates)
    .set({ createdAt: back, updatedAt: back, legalBasisAt: back })
    .where(eq(candidates.id, id));
  await t.db.update(candidateEvents).set({ createdAt: back }).where(eq(candidateEvents.candidateId, id));
};

const due = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/retention/due', headers });
const exclude = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/retention/exclusions', headers, payload });

describe('the legal basis of each candidate (issue 24)', () => {
  it('is legitimate interest, by the user who typed them in, and filters the search', async () => {
    const id = await create(org.alice.headers, 'Typed', 'typed@basis.test');
    const res = await t.app.inject({ url: `/api/candidates/${id}`, headers: org.admin.headers });
    expect(res.json()).toMatchObject({ legal_basis: 'legitimate_interest', legal_basis_by: org.alice.id });
    expect(Date.parse(res.json().legal_basis_at)).toBeGreaterThan(Date.now() - 60_000);

    const consented = await create(org.admin.headers, 'Consented', 'consented@basis.test');
    await t.db.update(candidates).set({ legalBasis: 'consent' }).where(eq(candidates.id, consented));
    const search = async (basis: string) =>
      t.app.inject({
        url: `/api/candidates/search?filters[legal_basis]=${basis}&filters[search]=basis.test`,
        headers: org.admin.headers,
      });
    expect((await search('consent')).json().data.map((c: { id: number }) => c.id)).toEqual([consented]);
    expect((await search('legitimate_interest')).json().data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await search('')).json().data).toHaveLength(2);
    const bad = await search('whim');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_error');
  });
});

describe('GET /api/retention/due and POST /api/retention/exclusions (issue 24)', () => {
  it('lists the candidates due within 60 days with their dates; an exclusion takes one out, audited', async () => {
    const soon = await create(org.admin.headers, 'Soon', 'soon@due.test');
    const later = await create(org.admin.headers, 'Later');
    const fresh = await create(org.admin.headers, 'Fresh');
    await ageCandidate(soon, 24 * 30 + 10);
    await ageCandidate(later, 22 * 30);
    void fresh;

    const res = await due(org.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({ months: '24', action: 'erase' });
    const ids = list.data.map((c: { candidate_id: number }) => c.candidate_id);
    expect(ids).toContain(soon);
    expect(ids).not.toContain(fresh);
    const row = list.data.find((c: { candidate_id: number }) => c.candidate_id === soon);
    expect(row).toMatchObject({ name: 'Soon Kept', has_email: true, notice_at: null });
    // Mailed first, so erased 30 days after the mail at the soonest.
    expect(Date.parse(row.erase_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(Date.parse(row.due_at)).toBeLessThan(Date.now());

    const excluded = await exclude(org.admin.headers, { candidate_id: soon, reason: '  Legal hold  ' });
    expect(excluded.statusCode, excluded.body).toBe(201);
    expect(excluded.json()).toMatchObject({ candidate_id: soon, reason: 'Legal hold' });
    const after = (await due(org.admin.headers)).json();
    expect(after.data.map((c: { candidate_id: number }) => c.candidate_id)).not.toContain(soon);
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'retention.exclude'), eq(auditEntries.targetId, soon)));
    expect(entry).toMatchObject({ licenceId: org.licence.id, actorKind: 'user', actorId: org.admin.id });
    // The reason stays with the exclusion; the log holds ids only.
    expect(JSON.stringify(entry?.details)).not.toContain('Legal hold');
  });

  it('lists nothing when retention is off', async () => {
    const lone = await organisation(t);
    await setSetting(t, lone.licence.id, 'retention_months', 'off');
    const id = await create(lone.admin.headers, 'Old');
    await ageCandidate(id, 3000);
    expect((await due(lone.admin.headers)).json()).toEqual({ months: 'off', action: 'erase', data: [] });
  });

  it('refuses users, the read-only level, bad input, and candidates of another licence', async () => {
    const id = await create(org.admin.headers, 'Guarded');
    expect((await due(org.alice.headers)).statusCode).toBe(403);
    expect((await due(readerHeaders)).statusCode).toBe(403);
    expect((await exclude(org.alice.headers, { candidate_id: id, reason: 'x' })).statusCode).toBe(403);
    expect((await exclude(readerHeaders, { candidate_id: id, reason: 'x' })).statusCode).toBe(403);
    for (const payload of [
      {},
      { candidate_id: id },
      { candidate_id: id, reason: '   ' },
      { candidate_id: id, reason: 'x'.repeat(501) },
      { candidate_id: 'one', reason: 'x' },
      { candidate_id: id, reason: 'x', extra: true },
    ]) {
      const res = await exclude(org.admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const elsewhere = await exclude(other.admin.headers, { candidate_id: id, reason: 'Not mine' });
    expect(elsewhere.statusCode).toBe(404);
    expect((await exclude(org.admin.headers, { candidate_id: 2_000_000_000, reason: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('the keep page of the retention mail (issue 24)', () => {
  /** A notice as the mail job arms it, answering its link's token. */
  const notice = async (candidateId: number) => {
    const token = newSecretToken();
    await t.db.insert(retentionNotices).values({
      licenceId: org.licence.id,
      candidateId,
      dueAt: new Date(Date.now() + 20 * 86_400_000),
      createdAt: new Date(),
      tokenHash: hashToken(token),
      mailedAt: new Date(),
    });
    return token;
  };

  it('asks, records the answer as consent (once), in both languages', async () => {
    const id = await create(org.admin.headers, 'Keeper', 'keeper@keep.test');
    const token = await notice(id);
    const page = await t.app.inject({ url: `/careers/-/keep/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Keep my data');
    expect(page.body).toContain(`I agree that ${org.licence.name} keeps my application data`);
    const fr = await t.app.inject({ url: `/careers/-/keep/${token}?lang=fr` });
    expect(fr.body).toContain('Conserver mes données');

    // The person clicks twice (or two tabs send the form at once): one answer is recorded, the other is told so.
    const keep = () =>
      t.app.inject({
        method: 'POST',
        url: `/careers/-/keep/${token}?lang=fr`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    const both = await Promise.all([keep(), keep()]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const answer = both.find((res) => res.statusCode === 200) ?? both[0];
    if (!answer) throw new Error('no answer');
    expect(answer.body).toContain('Merci');
    const [consent] = await t.db
      .select()
      .from(candidateConsents)
      .where(eq(candidateConsents.candidateId, id));
    expect(consent?.text).toContain(`J’accepte que ${org.licence.name} conserve`);
    expect(consent?.address).toBeTruthy();
    const candidate = await t.app.inject({ url: `/api/candidates/${id}`, headers: org.admin.headers });
    expect(candidate.json()).toMatchObject({ legal_basis: 'consent', legal_basis_by: null });

    const again = await t.app.inject({ method: 'POST', url: `/careers/-/keep/${token}`, payload: '' });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ url: `/careers/-/keep/${token}` })).body).toContain('already used');
    expect(await t.db.$count(candidateConsents, eq(candidateConsents.candidateId, id))).toBe(1);
  });

  it('answers a page 404 to a link that is not one', async () => {
    for (const token of ['nothing-like-a-token-here', 'short', '%3Cscript%3E']) {
      const res = await t.app.inject({ url: `/careers/-/keep/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      const post = await t.app.inject({ method: 'POST', url: `/careers/-/keep/${token}`, payload: '' });
      expect(post.statusCode).toBe(404);
    }
  });
});
