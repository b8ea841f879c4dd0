import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidateEmails, candidateEvents, statuses, tags, users } from '../../db/schema/index.ts';
import { apply, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { Headers, TestApp } from '../../test/harness.ts';

// GET /api/candidates/{id}/timeline and the events each change writes with it (issue 21, decision 171).
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
let offerId: number;
let reader: Headers;

beforeAll(async () => {
  offerId = await insertOffer(t, org.licence.id, org.alice.id, 'Backend developer');
  const readOnly = await t.user(org.licence.id, 'reader@timeline.test');
  await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
  reader = t.auth((await t.login('reader@timeline.test')).jwt);
});

const statusAt = (i: number) => {
  const s = org.statuses[i];
  if (!s) throw new Error('no status');
  return s;
};

async function candidateInOffer(statusIndex = 0) {
  const [candidateId] = await insertPeople(t, org.licence.id, [{ firstName: 'Ada', lastName: 'Lovelace' }]);
  if (!candidateId) throw new Error('no candidate');
  const [applicationId] = await apply(t, org.licence.id, offerId, [
    { candidateId, statusId: statusAt(statusIndex).id },
  ]);
  if (!applicationId) throw new Error('no application');
  return { candidateId, applicationId };
}

const timeline = (candidateId: number, query = '', headers: Headers = org.alice.headers) =>
  t.app.inject({ url: `/api/candidates/${candidateId}/timeline${query}`, headers });

describe('events written with their change', () => {
  it('records a status move: from, to, offer, who, newest first', async () => {
    const { candidateId, applicationId } = await candidateInOffer(0);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/job_applications/${applicationId}`,
      headers: org.alice.headers,
      payload: { status_id: statusAt(1).id },
    });
    expect(res.statusCode).toBe(200);
    const page = (await timeline(candidateId)).json();
    expect(page.next_before).toBeNull();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      kind: 'status_changed',
      job_application_id: applicationId,
      job_offer_id: offerId,
      actor: { id: org.alice.id },
      data: {
        from: { id: statusAt(0).id, name: statusAt(0).name },
        to: { id: statusAt(1).id, name: statusAt(1).name },
        offer: { id: offerId, name: 'Backend developer' },
        via: 'move',
      },
    });
  });

  it('records one event per application of a bulk move, in the same statement', async () => {
    const moved = [await candidateInOffer(0), await candidateInOffer(0), await candidateInOffer(0)];
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/job_offers/${offerId}/job_applications?filters[with_status_id]=${statusAt(0).id}`,
      headers: org.alice.headers,
      payload: { status_id: statusAt(2).id },
    });
    expect(res.json().updated).toBeGreaterThanOrEqual(3);
    for (const { candidateId } of moved) {
      const [event] = (await timeline(candidateId)).json().data;
      expect(event).toMatchObject({
        kind: 'status_changed',
        data: { via: 'bulk', to: { id: statusAt(2).id } },
      });
    }
  });

  it('records tags, contacts, profile edits and the creation by form', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.alice.headers,
      payload: { candidate: { first_name: 'Grace', last_name: 'Hopper', emails: ['grace@navy.test'] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const [tag] = await t.db.insert(tags).values({ licenceId: org.licence.id, name: 'COBOL' }).returning();
    if (!tag) throw new Error('no tag');
    const call = (method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: org.alice.headers, ...(payload ? { payload } : {}) });
    await call('POST', `/api/candidates/${id}/tags/${tag.id}`);
    await call('DELETE', `/api/candidates/${id}/tags/${tag.id}`);
    await call('PATCH', `/api/candidates/${id}/add_contact`, { type: 'email', value: 'g2@navy.test' });
    await call('PATCH', `/api/candidates/${id}/set_primary_contact`, {
      type: 'email',
      value: 'g2@navy.test',
    });
    await call('PATCH', `/api/candidates/${id}/delete_contact`, { type: 'email', value: 'grace@navy.test' });
    const edit = await call('PATCH', `/api/candidates/${id}`, {
      candidate: { manual_data: { first_name: 'Amazing Grace' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const kinds = (await timeline(id)).json().data.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual([
      'profile_edited',
      'contact_removed',
      'contact_made_primary',
      'contact_added',
      'tag_removed',
      'tag_added',
      'created',
    ]);
    const [profile] = (await timeline(id, '?kind=profile_edited')).json().data;
    expect(profile.data.changes).toEqual([
      { field: 'manual_data.firstName', before: null, after: 'Amazing Grace' },
    ]);
    const [tagged] = (await timeline(id, '?kind=tag_added')).json().data;
    expect(tagged.data).toEqual({ tag: { id: tag.id, name: 'COBOL' } });
    expect((await timeline(id, '?kind=created')).json().data[0].data).toEqual({ how: 'form' });
  });

  it('records application created, deleted, copied and exported (with the export status change)', async () => {
    const [candidateId] = await insertPeople(t, org.licence.id, [{ firstName: 'Copied' }]);
    if (!candidateId) throw new Error('no candidate');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/job_applications/bulk_create',
      headers: org.alice.headers,
      payload: { job_offer_id: offerId, status_id: statusAt(0).id, candidates_ids: [candidateId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offerId}/copy`,
      headers: org.alice.headers,
      payload: { from_status: [statusAt(0).id], dest: { name: 'Frontend developer' } },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const exported = await t.app.inject({
      url: `/api/job_offers/${offerId}/export?statuses[]=${statusAt(0).id}`,
      headers: org.alice.headers,
    });
    expect(exported.statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offerId}/export/status_change`,
      headers: org.alice.headers,
      payload: { status_id: statusAt(3).id, statuses: [statusAt(0).id] },
    });
    expect(change.statusCode, change.body).toBe(200);
    const events = (await timeline(candidateId)).json().data as { kind: string; data: never }[];
    expect(events.map((e) => e.kind)).toEqual([
      'status_changed',
      'exported',
      'application_copied',
      'application_created',
    ]);
    expect(events[0]?.data).toMatchObject({ via: 'export' });
    expect(events[2]?.data).toMatchObject({
      from: { id: offerId, name: 'Backend developer' },
      offer: { name: 'Frontend developer' },
    });
    const copiedId = copy.json().job_offer.id as number;
    const [application] = await t.app
      .inject({ url: `/api/candidates/${candidateId}/job_applications`, headers: org.alice.headers })
      .then((r) => r.json().data.filter((a: { job_offer_id: number }) => a.job_offer_id === copiedId));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_applications/${application.id}`,
      headers: org.admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    const [deleted] = (await timeline(candidateId, '?kind=application_deleted')).json().data;
    expect(deleted).toMatchObject({ job_application_id: application.id, data: { offer: { id: copiedId } } });
    // One application's events only.
    const only = (await timeline(candidateId, `?job_application_id=${application.id}`)).json().data;
    expect(only.map((e: { kind: string }) => e.kind)).toEqual(['application_deleted', 'application_copied']);
  });
});

describe("the offer's application list with embed[]=activity", () => {
  it("answers each candidate's last event and notes count in the same list", async () => {
    const { candidateId, applicationId } = await candidateInOffer(0);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/job_applications/${applicationId}`,
      headers: org.admin.headers,
      payload: { status_id: statusAt(1).id },
    });
    for (const content of ['<p>One</p>', '<p>Two</p>']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/candidates/${candidateId}/notes`,
        headers: org.alice.headers,
        payload: { content },
      });
    }
    const res = await t.app.inject({
      url: `/api/job_offers/${offerId}/job_applications?per_page=100&embed[]=activity`,
      headers: org.alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.find((a: { id: number }) => a.id === applicationId);
    expect(row.notes_count).toBe(2);
    expect(row.last_activity).toMatchObject({
      kind: 'status_changed',
      actor: { id: org.admin.id },
      data: { to: { name: statusAt(1).name } },
    });
    const plain = await t.app.inject({
      url: `/api/job_offers/${offerId}/job_applications?per_page=1`,
      headers: org.alice.headers,
    });
    expect(plain.json().data[0]).not.toHaveProperty('notes_count');
  });
});

describe('GET /api/candidates/{id}/timeline', () => {
  it('pages newest first with the before cursor and filters by kind', async () => {
    const { candidateId } = await candidateInOffer(0);
    await t.db.insert(candidateEvents).values(
      Array.from({ length: 7 }, (_, i) => ({
        licenceId: org.licence.id,
        candidateId,
        kind: i % 2 === 0 ? 'tag_added' : 'tag_removed',
        actorId: org.bob.id,
        data: { tag: { id: i, name: `T${i}` } },
      })),
    );
    const first = (await timeline(candidateId, '?per_page=3')).json();
    expect(first.data.map((e: { data: { tag: { id: number } } }) => e.data.tag.id)).toEqual([6, 5, 4]);
    expect(first.next_before).toBe(first.data[2].id);
    const second = (await timeline(candidateId, `?per_page=3&before=${first.next_before}`)).json();
    expect(second.data.map((e: { data: { tag: { id: number } } }) => e.data.tag.id)).toEqual([3, 2, 1]);
    const last = (await timeline(candidateId, `?per_page=3&before=${second.next_before}`)).json();
    expect(last.data).toHaveLength(1);
    expect(last.next_before).toBeNull();
    const removed = (await timeline(candidateId, '?kind=tag_removed')).json().data;
    expect(removed).toHaveLength(3);
    expect(removed[0].actor).toMatchObject({ id: org.bob.id });
    expect((await timeline(candidateId, '?kind=tag_added,tag_removed')).json().data).toHaveLength(7);
    expect((await timeline(candidateId, '?kind=nonsense')).statusCode).toBe(400);
  });

  it('answers the read-only level, and 404 to another licence like a missing candidate', async () => {
    const { candidateId } = await candidateInOffer(0);
    expect((await timeline(candidateId, '', reader)).statusCode).toBe(200);
    const stranger = await timeline(candidateId, '', other.alice.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe('not_found');
    expect((await timeline(2_000_000_000)).statusCode).toBe(404);
  });
});

describe('GET /api/candidates/{id}/emails/{emailId}', () => {
  it("answers a sent message's body on demand, 404 to another licence", async () => {
    const { candidateId } = await candidateInOffer(0);
    const [email] = await t.db
      .insert(candidateEmails)
      .values({
        licenceId: org.licence.id,
        candidateId,
        jobOfferId: offerId,
        senderId: org.alice.id,
        senderEmail: org.alice.email,
        recipient: 'ada@example.test',
        subject: 'Hello Ada',
        content: '<p>Hello Ada</p>',
      })
      .returning();
    if (!email) throw new Error('no email');
    const url = `/api/candidates/${candidateId}/emails/${email.id}`;
    const res = await t.app.inject({ url, headers: reader });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Hello Ada', content: '<p>Hello Ada</p>' });
    expect((await t.app.inject({ url, headers: other.admin.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/candidates/${candidateId + 1}/emails/${email.id}`, headers: reader }))
        .statusCode,
    ).toBe(404);
  });
});

describe('rejection reasons on a move', () => {
  it('requires a reason to move to a rejected status, and stores it on the event', async () => {
    const rejected = statusAt(4);
    await t.db.update(statuses).set({ rejected: true }).where(eq(statuses.id, rejected.id));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/rejection_reasons',
      headers: org.admin.headers,
      payload: { reasons: [{ name: 'Salary expectations' }, { name: 'Skills' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [salary] = saved.json().data;
    const { candidateId, applicationId } = await candidateInOffer(0);
    const move = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/job_applications/${applicationId}`,
        headers: org.alice.headers,
        payload: { status_id: rejected.id, ...payload },
      });
    const refused = await move({});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('rejection_reason_required');
    const [otherReason] = (
      await t.app.inject({
        method: 'PUT',
        url: '/api/rejection_reasons',
        headers: other.admin.headers,
        payload: { reasons: [{ name: 'Elsewhere' }] },
      })
    ).json().data;
    expect((await move({ rejection: { reason_id: otherReason.id } })).json().error).toBe('invalid_reference');
    expect((await timeline(candidateId)).json().data).toHaveLength(0);
    const ok = await move({ rejection: { reason_id: salary.id, text: 'Wants twice the budget' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const [event] = (await timeline(candidateId)).json().data;
    expect(event.data).toMatchObject({
      to: { id: rejected.id },
      reason: { id: salary.id, name: 'Salary expectations' },
      reason_text: 'Wants twice the budget',
    });
    // A bulk move to it needs one too.
    const bulk = await t.app.inject({
      method: 'PATCH',
      url: `/api/job_offers/${offerId}/job_applications`,
      headers: org.alice.headers,
      payload: { status_id: rejected.id },
    });
    expect(bulk.json().error).toBe('rejection_reason_required');
    await t.db.update(statuses).set({ rejected: false }).where(eq(statuses.id, rejected.id));
  });
});
