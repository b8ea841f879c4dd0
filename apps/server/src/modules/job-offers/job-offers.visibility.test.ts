import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOffers, jobOfferTags } from '../../db/schema/index.ts';
import { type Organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { Headers, TestApp } from '../../test/harness.ts';

// Who sees and who changes a job offer (SPEC section 6; docs/decisions/020-job-offer-permissions.md).
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
let offers: { alices: number; assignedToBob: number; admins: number };
beforeAll(async () => {
  const create = async (headers: Record<string, string>, job_offer: Record<string, unknown>) =>
    (await t.app.inject({ method: 'POST', url: '/api/job_offers', headers, payload: { job_offer } })).json()
      .id as number;
  offers = {
    alices: await create(org.alice.headers, { name: "Alice's offer" }),
    assignedToBob: await create(org.alice.headers, { name: 'Assigned to Bob', assigned_users: [org.bob.id] }),
    admins: await create(org.admin.headers, { name: "Admin's offer" }),
  };
});

const listIds = async (headers: Headers, query = '') =>
  (await t.app.inject({ url: `/api/job_offers?per_page=100${query}`, headers }))
    .json()
    .data.map((d: { id: number }) => d.id)
    .sort();
const getStatus = async (headers: Headers, id: number) =>
  (await t.app.inject({ url: `/api/job_offers/${id}`, headers })).statusCode;
const patchStatus = async (
  headers: Headers,
  id: number,
  job_offer: Record<string, unknown> = { archived: false },
) =>
  (await t.app.inject({ method: 'PATCH', url: `/api/job_offers/${id}`, headers, payload: { job_offer } }))
    .statusCode;
const tagStatus = async (headers: Headers, method: 'POST' | 'DELETE', id: number, tagId: number) =>
  (await t.app.inject({ method, url: `/api/job_offers/${id}/tags/${tagId}`, headers })).statusCode;
const sorted = (ids: number[]) => [...ids].sort();

describe('transparent licence (the default)', () => {
  it('lets every user see every offer of the licence, in the list and one by one', async () => {
    const all = sorted([offers.alices, offers.assignedToBob, offers.admins]);
    expect(await listIds(org.alice.headers)).toEqual(all);
    expect(await listIds(org.bob.headers)).toEqual(all);
    expect(await listIds(org.admin.headers)).toEqual(all);
    expect(await getStatus(org.bob.headers, offers.alices)).toBe(200);
  });

  it('lets the manager, an assigned user and an admin change an offer; another user gets 403', async () => {
    expect(await patchStatus(org.alice.headers, offers.alices)).toBe(200);
    expect(await patchStatus(org.admin.headers, offers.alices)).toBe(200);
    expect(await patchStatus(org.bob.headers, offers.assignedToBob)).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/job_offers/${offers.alices}`,
      headers: org.bob.headers,
      payload: { job_offer: { name: 'Hijacked' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'forbidden',
      message: 'Only the manager of this job offer, its assigned users or an admin can change it',
    });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${offers.admins}`,
      headers: org.bob.headers,
    });
    expect(del.statusCode).toBe(403);
    const [row] = await t.db.select().from(jobOffers).where(eq(jobOffers.id, offers.alices));
    expect(row?.name).toBe("Alice's offer");
  });
});

describe('opaque licence', () => {
  beforeAll(() => setSetting(t, org.licence.id, 'transparency', 'opaque'));
  afterAll(() => setSetting(t, org.licence.id, 'transparency', 'transparent'));

  it('shows a user only the offers they manage or are assigned to; admins see all', async () => {
    expect(await listIds(org.alice.headers)).toEqual(sorted([offers.alices, offers.assignedToBob]));
    expect(await listIds(org.bob.headers)).toEqual([offers.assignedToBob]);
    expect(await listIds(org.admin.headers)).toEqual(
      sorted([offers.alices, offers.assignedToBob, offers.admins]),
    );
    const page = await t.app.inject({ url: '/api/job_offers', headers: org.bob.headers });
    expect(page.json().total_count).toBe(1);
    expect(page.headers['x-total-count']).toBe('1');
  });

  it('applies with search and owned_by_me too', async () => {
    expect(await listIds(org.bob.headers, '&filters[search]=offer')).toEqual([]);
    expect(await listIds(org.bob.headers, '&filters[search]=bob')).toEqual([offers.assignedToBob]);
    expect(await listIds(org.bob.headers, '&filters[owned_by_me]=true')).toEqual([]);
  });

  it('answers 404 to a hidden offer on get, patch, delete and tag calls, and changes nothing', async () => {
    const tag = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: org.admin.headers,
        payload: { name: 'Opaque tag' },
      })
    ).json();
    expect(await getStatus(org.bob.headers, offers.alices)).toBe(404);
    expect(await getStatus(org.bob.headers, offers.admins)).toBe(404);
    expect(await getStatus(org.alice.headers, offers.admins)).toBe(404);
    expect(await patchStatus(org.bob.headers, offers.alices, { name: 'Hidden' })).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${offers.alices}`,
      headers: org.bob.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ error: 'not_found', message: 'Job offer not found' });
    expect(await tagStatus(org.bob.headers, 'POST', offers.alices, tag.id)).toBe(404);
    expect(await tagStatus(org.bob.headers, 'DELETE', offers.alices, tag.id)).toBe(404);
    const tagged = await t.db.select().from(jobOfferTags).where(eq(jobOfferTags.jobOfferId, offers.alices));
    expect(tagged).toEqual([]);
    const [row] = await t.db.select().from(jobOffers).where(eq(jobOffers.id, offers.alices));
    expect(row?.name).toBe("Alice's offer");
  });

  it('still lets the assigned user, the manager and the admin work on the offers they see', async () => {
    expect(await getStatus(org.bob.headers, offers.assignedToBob)).toBe(200);
    expect(await patchStatus(org.bob.headers, offers.assignedToBob)).toBe(200);
    expect(await patchStatus(org.alice.headers, offers.alices)).toBe(200);
    expect(await patchStatus(org.admin.headers, offers.alices)).toBe(200);
  });

  it('makes an offer visible to a user once they are assigned, and hides it once unassigned', async () => {
    expect(await getStatus(org.bob.headers, offers.alices)).toBe(404);
    expect(await patchStatus(org.alice.headers, offers.alices, { assigned_users: [org.bob.id] })).toBe(200);
    expect(await getStatus(org.bob.headers, offers.alices)).toBe(200);
    expect(await patchStatus(org.alice.headers, offers.alices, { assigned_users: [] })).toBe(200);
    expect(await getStatus(org.bob.headers, offers.alices)).toBe(404);
  });

  it('does not leak into another licence, whose own setting is transparent', async () => {
    const foreign = (
      await t.app.inject({
        method: 'POST',
        url: '/api/job_offers',
        headers: other.alice.headers,
        payload: { job_offer: { name: 'Other org' } },
      })
    ).json();
    expect(await listIds(other.bob.headers)).toEqual([foreign.id]);
  });
});

describe('POST and DELETE /api/job_offers/{id}/tags/{tagId}', () => {
  it('attaches and detaches a tag, idempotently, answering the offer with its tags sorted by name', async () => {
    const mk = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/tags',
          headers: org.alice.headers,
          payload: { name },
        })
      ).json() as { id: number; name: string };
    const zeta = await mk('zeta');
    const alpha = await mk('Alpha');
    const url = (tagId: number) => `/api/job_offers/${offers.assignedToBob}/tags/${tagId}`;
    const first = await t.app.inject({ method: 'POST', url: url(zeta.id), headers: org.alice.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().tags).toEqual([{ id: zeta.id, name: 'zeta' }]);
    const twice = await t.app.inject({ method: 'POST', url: url(zeta.id), headers: org.alice.headers });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().tags).toHaveLength(1);
    const both = await t.app.inject({ method: 'POST', url: url(alpha.id), headers: org.bob.headers });
    expect(both.json().tags).toEqual([
      { id: alpha.id, name: 'Alpha' },
      { id: zeta.id, name: 'zeta' },
    ]);
    const listed = await t.app.inject({
      url: '/api/job_offers?filters[search]=bob&embed[]=tags',
      headers: org.alice.headers,
    });
    expect(listed.json().data[0].tags.map((x: { name: string }) => x.name)).toEqual(['Alpha', 'zeta']);
    const detached = await t.app.inject({ method: 'DELETE', url: url(zeta.id), headers: org.alice.headers });
    expect(detached.statusCode).toBe(200);
    expect(detached.json().tags).toEqual([{ id: alpha.id, name: 'Alpha' }]);
    const again = await t.app.inject({ method: 'DELETE', url: url(zeta.id), headers: org.alice.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().tags).toEqual([{ id: alpha.id, name: 'Alpha' }]);
  });

  it('answers 403 to a user who may see but not change the offer (transparent)', async () => {
    const tag = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: org.alice.headers,
        payload: { name: 'Forbidden tag' },
      })
    ).json();
    expect(await tagStatus(org.bob.headers, 'POST', offers.alices, tag.id)).toBe(403);
    expect(await tagStatus(org.bob.headers, 'DELETE', offers.alices, tag.id)).toBe(403);
    expect(await tagStatus(org.admin.headers, 'POST', offers.alices, tag.id)).toBe(200);
    expect(await tagStatus(org.admin.headers, 'DELETE', offers.alices, tag.id)).toBe(200);
  });

  it("answers 404 for another licence's tag or offer, and 400 for bad ids; nothing attached", async () => {
    const foreignTag = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: other.alice.headers,
        payload: { name: 'Foreign tag' },
      })
    ).json();
    const ownTag = (
      await t.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: org.alice.headers,
        payload: { name: 'Own tag' },
      })
    ).json();
    const foreignOffer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/job_offers',
        headers: other.alice.headers,
        payload: { job_offer: { name: 'Foreign offer' } },
      })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offers.alices}/tags/${foreignTag.id}`,
      headers: org.alice.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Tag not found' });
    expect(await tagStatus(org.alice.headers, 'DELETE', offers.alices, foreignTag.id)).toBe(404);
    expect(await tagStatus(org.admin.headers, 'POST', foreignOffer.id, ownTag.id)).toBe(404);
    expect(await tagStatus(org.admin.headers, 'DELETE', foreignOffer.id, foreignTag.id)).toBe(404);
    expect(await tagStatus(org.admin.headers, 'POST', 2_000_000, ownTag.id)).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offers.alices}/tags/abc`,
      headers: org.alice.headers,
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(jobOfferTags)
      .where(and(eq(jobOfferTags.jobOfferId, offers.alices), eq(jobOfferTags.tagId, foreignTag.id)));
    expect(rows).toEqual([]);
    const foreignRows = await t.db
      .select()
      .from(jobOfferTags)
      .where(eq(jobOfferTags.jobOfferId, foreignOffer.id));
    expect(foreignRows).toEqual([]);
  });
});
