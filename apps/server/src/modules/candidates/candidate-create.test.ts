import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates, creditEvents, licences } from '../../db/schema/index.ts';
import { seedCandidate, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// POST /api/candidates: the 'New candidate' form.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const create = (candidate: Record<string, unknown>, headers = org.alice.headers) =>
  t.app.inject({ method: 'POST', url: '/api/candidates', headers, payload: { candidate } });
const creditsUsed = async (licenceId: number) =>
  (await t.db.select().from(licences).where(eq(licences.id, licenceId)))[0]?.creditsUsed;
const countCandidates = async (licenceId: number) =>
  t.db.$count(candidates, eq(candidates.licenceId, licenceId));

describe('POST /api/candidates', () => {
  it('creates a candidate with contacts, title, company and tags, for one credit (201)', async () => {
    const [java] = await seedTags(t, org.licence.id, ['Java']);
    const before = await creditsUsed(org.licence.id);
    const res = await create({
      first_name: '  Ada ',
      last_name: 'Lovelace',
      title: 'Backend developer',
      company: 'Analytical Engines',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      emails: ['ada@engine.test', 'ADA@engine.test', 'countess@lovelace.test'],
      phones: ['+44 20 7946 0000'],
      tag_ids: [java, java],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      email: 'ada@engine.test',
      phone: '+44 20 7946 0000',
      details: { title: 'Backend developer', experiences: [{ company: 'Analytical Engines' }] },
      contacts: { emails: ['ada@engine.test', 'countess@lovelace.test'], phones: ['+44 20 7946 0000'] },
      social_networks: [{ type: 'linkedin', value: 'https://www.linkedin.com/in/ada' }],
      tags: [{ id: java, name: 'Java' }],
    });
    expect(await creditsUsed(org.licence.id)).toBe((before ?? 0) + 1);
    const [event] = await t.db.select().from(creditEvents).where(eq(creditEvents.userId, org.alice.id));
    expect(event).toMatchObject({ amount: 1, reason: 'candidate_added' });
    // It is found at once, first of the database.
    const found = await t.app.inject({
      url: '/api/candidates/search?filters[search]=countess',
      headers: org.bob.headers,
    });
    expect(found.json().data.map((c: { id: number }) => c.id)).toEqual([res.json().id]);
  });

  it('reports a candidate whose email the licence already has (409 naming it), writes nothing', async () => {
    const existing = await seedCandidate(t, org.licence.id, {
      firstName: 'Grace',
      emails: ['grace@navy.test'],
    });
    const used = await creditsUsed(org.licence.id);
    const count = await countCandidates(org.licence.id);
    const res = await create({ first_name: 'Other Grace', emails: ['new@x.test', ' GRACE@Navy.test '] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'duplicate_candidate',
      message: `A candidate with the email grace@navy.test already exists (candidate ${existing})`,
      candidate_id: existing,
    });
    expect(await creditsUsed(org.licence.id)).toBe(used);
    expect(await countCandidates(org.licence.id)).toBe(count);
    // Another licence's candidate with that email is no duplicate.
    expect(
      (await create({ first_name: 'Grace', emails: ['grace@navy.test'] }, other.alice.headers)).statusCode,
    ).toBe(201);
  });

  it('creates one candidate when two identical requests race', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => create({ first_name: 'Twin', emails: ['twin@race.test'] })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const found = await t.app.inject({
      url: '/api/candidates/search?filters[search]=twin@race',
      headers: org.alice.headers,
    });
    expect(found.json().total_count).toBe(1);
  });

  it('refuses at zero credits left (402), writing nothing', async () => {
    const poor = await t.licence({ creditsMax: 1 });
    const { jwt } = await t.login(poor.admin.email);
    const headers = t.auth(jwt);
    expect((await create({ first_name: 'First' }, headers)).statusCode).toBe(201);
    const res = await create({ first_name: 'Second', emails: ['second@x.test'] }, headers);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: 'credits_exhausted',
      message: 'No credits left on this license, please contact your administrator',
    });
    expect(await countCandidates(poor.licence.id)).toBe(1);
  });

  it("refuses another licence's tag (422) and bad input (400) with the spec's messages", async () => {
    const [theirs] = await seedTags(t, other.licence.id, ['Theirs']);
    const count = await countCandidates(org.licence.id);
    const tag = await create({ first_name: 'Tagged', tag_ids: [theirs] });
    expect(tag.statusCode).toBe(422);
    expect(tag.json()).toEqual({ error: 'invalid_reference', message: `Tag ${theirs} not found` });
    const email = await create({ first_name: 'X', emails: ['not-an-email'] });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toContain('Invalid email format');
    const phone = await create({ first_name: 'X', phones: ['call me'] });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toContain('Invalid phone format');
    for (const candidate of [
      {},
      { first_name: '   ' },
      { first_name: 'x'.repeat(201) },
      { first_name: 'Nul\u0000' },
      { first_name: 'X', emails: 'a@b.c' },
      { first_name: 'X', tag_ids: ['1'] },
      { first_name: 'X', emails: Array.from({ length: 11 }, (_, i) => `a${i}@b.test`) },
    ]) {
      expect((await create(candidate)).statusCode, JSON.stringify(candidate).slice(0, 60)).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/candidates',
          headers: org.alice.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    expect(await countCandidates(org.licence.id)).toBe(count);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/candidates', payload: { candidate: {} } })).statusCode,
    ).toBe(401);
  });
});
