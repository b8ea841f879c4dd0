import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates, emailTemplates, jobApplications, jobOfferAssignedUsers } from '../../db/schema/index.ts';
import {
  insertApplications,
  insertCandidates,
  jobOfferRequests,
  type Organisation,
  organisation,
} from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// Changing and deleting a job offer: PATCH and DELETE /api/job_offers/{id}.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create, patch, get, createCompany } = jobOfferRequests(() => t);

describe('PATCH /api/job_offers/{id}', () => {
  it('changes name, company, assigned users and archived; leaves out fields it was not given', async () => {
    const acme = await createCompany(org.alice.headers, 'Patch Co');
    const offer = (await create(org.alice.headers, { name: 'Before', assigned_users: [org.bob.id] })).json();
    const res = await patch(
      org.alice.headers,
      offer.id,
      { id: offer.id, name: ' After ', company_id: acme.id },
      '?embed[]=company',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'After',
      company: { id: acme.id, name: 'Patch Co' },
      assigned_users: [org.bob.id],
      archived: false,
    });
    const archived = await patch(org.alice.headers, offer.id, { archived: true });
    expect(archived.json()).toMatchObject({ name: 'After', archived: true, company_id: acme.id });
    const unarchived = await patch(org.alice.headers, offer.id, {
      archived: false,
      company_id: null,
      assigned_users: [],
    });
    expect(unarchived.json()).toMatchObject({
      archived: false,
      company: null,
      company_id: null,
      assigned_users: [],
    });
    const reassigned = await patch(org.alice.headers, offer.id, {
      assigned_users: [org.admin.id, org.bob.id],
    });
    expect(reassigned.json().assigned_users).toEqual([org.admin.id, org.bob.id].sort((a, b) => a - b));
    const empty = await patch(org.alice.headers, offer.id, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().name).toBe('After');
  });

  it('links an email template of the licence and unlinks it with null', async () => {
    const [template] = await t.db
      .insert(emailTemplates)
      .values({ licenceId: org.licence.id, name: 'Invitation' })
      .returning({ id: emailTemplates.id });
    const [foreign] = await t.db
      .insert(emailTemplates)
      .values({ licenceId: other.licence.id, name: 'Not ours' })
      .returning({ id: emailTemplates.id });
    const offer = (
      await create(org.alice.headers, { name: 'With template', email_template_id: template?.id })
    ).json();
    expect(offer.email_template_id).toBe(template?.id);
    const refused = await patch(org.alice.headers, offer.id, { email_template_id: foreign?.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: 'invalid_reference', message: 'Email template not found' });
    const cleared = await patch(org.alice.headers, offer.id, { email_template_id: null });
    expect(cleared.json().email_template_id).toBeNull();
  });

  it('rejects bad input with 400/422 and changes nothing', async () => {
    const offer = (await create(org.alice.headers, { name: 'Stable', assigned_users: [org.bob.id] })).json();
    const foreignCompany = await createCompany(other.alice.headers, 'Foreign Patch Co');
    const cases: [Record<string, unknown>, number][] = [
      [{ name: '' }, 400],
      [{ name: '   ' }, 400],
      [{ name: 'y'.repeat(201) }, 400],
      [{ archived: 'true' }, 400],
      [{ assigned_users: [org.admin.id, 'x'] }, 400],
      [{ name: 'Changed', company_id: foreignCompany.id }, 422],
      [{ name: 'Changed', assigned_users: [org.admin.id, other.alice.id] }, 422],
      [{ name: 'Changed', email_template_id: 2_000_000 }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await patch(org.alice.headers, offer.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    const after = await get(org.alice.headers, `/api/job_offers/${offer.id}`);
    expect(after.json()).toMatchObject({
      name: 'Stable',
      company_id: null,
      assigned_users: [org.bob.id],
      archived: false,
    });
  });

  it("answers 404 for another licence's offer or a missing one", async () => {
    const offer = (await create(org.alice.headers, { name: 'Not yours' })).json();
    const res = await patch(other.admin.headers, offer.id, { name: 'Stolen' });
    expect(res.statusCode).toBe(404);
    expect((await patch(org.admin.headers, 2_000_000, { name: 'x' })).statusCode).toBe(404);
    expect((await get(org.alice.headers, `/api/job_offers/${offer.id}`)).json().name).toBe('Not yours');
  });
});

describe('DELETE /api/job_offers/{id}', () => {
  it('deletes the offer with its applications in one go; candidates and other offers stay', async () => {
    const o = await organisation(t);
    const doomed = (await create(o.alice.headers, { name: 'Doomed', assigned_users: [o.bob.id] })).json();
    const kept = (await create(o.alice.headers, { name: 'Kept' })).json();
    const people = await insertCandidates(t, o.licence.id, 3);
    const statusId = o.statuses[0]?.id ?? null;
    await insertApplications(
      t,
      o.licence.id,
      doomed.id,
      people.map((candidateId) => ({ candidateId, statusId })),
    );
    await insertApplications(t, o.licence.id, kept.id, [{ candidateId: people[0] as number, statusId }]);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${doomed.id}`,
      headers: o.alice.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(o.alice.headers, `/api/job_offers/${doomed.id}`)).statusCode).toBe(404);
    const apps = await t.db.select().from(jobApplications).where(eq(jobApplications.licenceId, o.licence.id));
    expect(apps.map((a) => a.jobOfferId)).toEqual([kept.id]);
    const people2 = await t.db
      .select({ id: candidates.id })
      .from(candidates)
      .where(eq(candidates.licenceId, o.licence.id));
    expect(people2).toHaveLength(3);
    const assigned = await t.db
      .select()
      .from(jobOfferAssignedUsers)
      .where(eq(jobOfferAssignedUsers.jobOfferId, doomed.id));
    expect(assigned).toEqual([]);
    expect((await get(o.alice.headers, `/api/job_offers/${kept.id}`)).json().candidates_count).toBe(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${doomed.id}`,
      headers: o.alice.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another licence's offer and deletes nothing", async () => {
    const offer = (await create(org.alice.headers, { name: 'Safe' })).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${offer.id}`,
      headers: other.admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await get(org.alice.headers, `/api/job_offers/${offer.id}`)).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/job_offers/abc',
      headers: org.admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
