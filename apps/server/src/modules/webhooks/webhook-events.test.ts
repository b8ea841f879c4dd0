import { WEBHOOK_EVENT_TYPES } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { apply, insertOffer } from '../../test/fixtures/job-applications.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import type { TestApp } from '../../test/harness.ts';
import { applicant } from '../careers/apply/apply.fixtures.ts';
import { type ApplyWorld, withApplyWorld } from '../careers/apply/apply-world.fixtures.ts';
import { readEvents, renderBodies } from './webhook-bodies.ts';

/**
 * Which changes are which webhook events (decision 199), written by the one door each change goes through:
 * a candidate created by a recruiter, an application from the careers site (candidate, application and
 * applied), a note, a bulk creation, a delete (its body the application as it was), an erasure (its earlier
 * events forgotten). The bodies are rendered by the presenters: the JSON the API answers.
 */
let t: TestApp;
let org: Organisation;
let acme: ApplyWorld['acme'];
let offerUrl: string;
let newVisitor: ApplyWorld['newVisitor'];
let answers: ApplyWorld['answers'];
withApplyWorld((w) => {
  ({ t, org, acme, offerUrl, newVisitor, answers } = w);
});

/**
 * An endpoint taking every type, straight in the database: these tests read the outbox. Its secret opens under
 * no key, so the drain logs each delivery as failed without calling out.
 */
const subscribe = (licenceId: number) =>
  t.db.insert(webhookEndpoints).values({
    licenceId,
    url: 'https://hooks.example.test/all',
    eventTypes: [...WEBHOOK_EVENT_TYPES],
    sealedSecret: 'none',
  });

beforeAll(async () => {
  await subscribe(org.licence.id);
  await subscribe(acme.licenceId);
});

/** The events of a licence after `after`, as [type, resource id]. */
const eventsOf = async (licenceId: number, after: number) =>
  (
    await rawRows<{ id: number; type: string; resource_id: number }>(
      t.db,
      sql`select id, type, resource_id from webhook_events where licence_id = ${licenceId} and id > ${after}
          order by id`,
    )
  ).map((e) => [e.type, Number(e.resource_id)]);

const lastEventId = async () =>
  Number(
    (await rawRows<{ id: number | null }>(t.db, sql`select max(id) as id from webhook_events`))[0]?.id ?? 0,
  );

describe('webhook events', () => {
  it('a candidate created by a recruiter is candidate.created, its body the API answer', async () => {
    const after = await lastEventId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.admin.headers,
      payload: { candidate: { first_name: 'Grace', last_name: 'Hopper', emails: [] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await eventsOf(org.licence.id, after)).toEqual([['candidate.created', res.json().id]]);
    const events = await readEvents(t.db, [after + 1]);
    const body = JSON.parse((await renderBodies(t.db, events)).get(after + 1) ?? '{}');
    const api = await t.app.inject({ url: `/api/candidates/${res.json().id}`, headers: org.admin.headers });
    expect(body).toMatchObject({ id: `evt_${after + 1}`, type: 'candidate.created' });
    expect(body.data).toEqual(api.json());
  });

  it('an application from the careers site is candidate.created, application.created and application.applied', async () => {
    const after = await lastEventId();
    const res = await newVisitor().apply(
      offerUrl,
      applicant('webhook.applicant@example.test', {}, answers()),
    );
    expect(res.statusCode, res.body).toBe(303);
    const events = await eventsOf(acme.licenceId, after);
    expect(events.map(([type]) => type)).toEqual([
      'candidate.created',
      'application.created',
      'application.applied',
    ]);
    expect(events[1]?.[1]).toBe(events[2]?.[1]);
  });

  it('a note is note.created; a bulk creation application.created for each; a delete carries the application as it was', async () => {
    const offerId = await insertOffer(t, org.licence.id, org.admin.id, 'Webhook events');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.admin.headers,
      payload: { candidate: { first_name: 'Noted' } },
    });
    const candidateId = created.json().id as number;
    let after = await lastEventId();
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${candidateId}/notes`,
      headers: org.admin.headers,
      payload: { content: '<p>Strong profile</p>' },
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(await eventsOf(org.licence.id, after)).toEqual([['note.created', note.json().id]]);

    after = await lastEventId();
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/job_applications/bulk_create',
      headers: org.admin.headers,
      payload: { job_offer_id: offerId, status_id: org.statuses[1]?.id, candidates_ids: [candidateId] },
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const events = await eventsOf(org.licence.id, after);
    expect(events.map(([type]) => type)).toEqual(['application.created']);
    const applicationId = events[0]?.[1] ?? 0;

    after = await lastEventId();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_applications/${applicationId}`,
      headers: org.admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await eventsOf(org.licence.id, after)).toEqual([['application.deleted', applicationId]]);
    const body = JSON.parse(
      (await renderBodies(t.db, await readEvents(t.db, [after + 1]))).get(after + 1) ?? '{}',
    );
    expect(body.data).toMatchObject({
      id: applicationId,
      candidate_id: candidateId,
      job_offer_id: offerId,
      status_id: org.statuses[1]?.id,
    });
  });

  it('an interview scheduled is interview.scheduled, its body what scheduling answered', async () => {
    const offerId = await insertOffer(t, org.licence.id, org.admin.id, 'Webhook interviews');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.admin.headers,
      payload: { candidate: { first_name: 'Interviewed' } },
    });
    const [applicationId] = await apply(t, org.licence.id, offerId, [
      { candidateId: created.json().id, statusId: org.statuses[1]?.id ?? null },
    ]);
    const after = await lastEventId();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/job_applications/${applicationId}/interviews`,
      headers: org.admin.headers,
      payload: {
        date: '2031-03-05',
        start_time: '10:00',
        duration_minutes: 45,
        time_zone: 'Europe/Paris',
        candidate_time_zone: 'Europe/Paris',
        kind: 'phone',
        location: '+33 1 23 45 67 89',
        interviewer_ids: [org.alice.id],
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(await eventsOf(org.licence.id, after)).toContainEqual([
      'interview.scheduled',
      scheduled.json().id,
    ]);
    const [event] = await rawRows<{ id: number }>(
      t.db,
      sql`select id from webhook_events where type = 'interview.scheduled' and id > ${after}`,
    );
    const id = Number(event?.id);
    const body = JSON.parse((await renderBodies(t.db, await readEvents(t.db, [id]))).get(id) ?? '{}');
    expect(body).toMatchObject({ id: `evt_${id}`, type: 'interview.scheduled' });
    expect(body.data).toEqual(scheduled.json());
  });

  it("an erasure is candidate.erased, and the candidate's events not yet sent are forgotten", async () => {
    const offerId = await insertOffer(t, org.licence.id, org.admin.id, 'Erasure events');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.admin.headers,
      payload: { candidate: { first_name: 'Erased', last_name: 'Person' } },
    });
    const candidateId = created.json().id as number;
    const [applicationId = 0] = await apply(t, org.licence.id, offerId, [
      { candidateId, statusId: org.statuses[0]?.id ?? null },
    ]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/job_applications/${applicationId}`,
      headers: org.admin.headers,
      payload: { status_id: org.statuses[1]?.id },
    });
    const [before] = await rawRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from webhook_events
          where (type like 'candidate.%' and resource_id = ${candidateId}) or resource_id = ${applicationId}`,
    );
    expect(before?.n).toBeGreaterThanOrEqual(2);
    const after = await lastEventId();
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${candidateId}/erase`,
      headers: org.admin.headers,
      payload: { confirmation: 'Erased Person' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await rawRows<{ type: string; id: number }>(
      t.db,
      sql`select type, id from webhook_events
          where (type like 'candidate.%' and resource_id = ${candidateId})
             or (type like 'application.%' and resource_id = ${applicationId})`,
    );
    expect(left.map((e) => e.type)).toEqual(['candidate.erased']);
    expect(Number(left[0]?.id)).toBeGreaterThan(after);
    const body = JSON.parse(
      (await renderBodies(t.db, await readEvents(t.db, [Number(left[0]?.id)]))).get(Number(left[0]?.id)) ??
        '{}',
    );
    expect(body.data).toMatchObject({ id: candidateId, first_name: null, last_name: null });
    expect(body.data.erased_at).toBeTruthy();
  });
});
