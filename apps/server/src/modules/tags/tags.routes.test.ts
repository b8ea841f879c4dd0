import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, candidateTags, jobOfferTags, tags } from '../../db/schema/index.ts';
import {
  insertCandidates,
  type Organisation,
  organisation,
  setSetting,
} from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import { resourceRequests, type TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create: post, update: rename, remove } = resourceRequests(() => t, '/api/tags');
const namesOf = async (licenceId: number) =>
  (await t.db.select({ name: tags.name }).from(tags).where(eq(tags.licenceId, licenceId)))
    .map((x) => x.name)
    .sort();

// Creating, listing and renaming are the named lists' (db/named-catalog.test.ts); here, who may write,
// the page size and deletion.
describe('POST /api/tags', () => {
  describe('with tags_rule = not-createable', () => {
    beforeAll(() => setSetting(t, org.licence.id, 'tags_rule', 'not-createable'));
    afterAll(() => setSetting(t, org.licence.id, 'tags_rule', 'createable'));

    it('answers 403 to a user and creates nothing; an admin still creates', async () => {
      const refused = await post(org.alice.headers, { name: 'Refused tag' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only an admin can create a tag' });
      expect(await namesOf(org.licence.id)).not.toContain('Refused tag');
      expect((await post(org.admin.headers, { name: 'Admin tag' })).statusCode).toBe(201);
    });

    it("leaves another licence's rule alone", async () => {
      expect((await post(other.bob.headers, { name: 'Other licence tag' })).statusCode).toBe(201);
    });
  });
});

describe('GET /api/tags', () => {
  it('pages past 100 tags with Link next', async () => {
    const o = await organisation(t);
    const { licence } = o;
    await t.db.insert(tags).values(
      Array.from({ length: 105 }, (_, i) => ({
        licenceId: licence.id,
        name: `tag-${String(i).padStart(3, '0')}`,
      })),
    );
    const first = await t.app.inject({ url: '/api/tags?per_page=500', headers: o.alice.headers });
    expect(first.json().data).toHaveLength(100);
    expect(first.json().total_count).toBe(105);
    expect(first.headers.link).toBe('</api/tags?per_page=100&page=2>; rel="next"');
    const second = await t.app.inject({ url: '/api/tags?per_page=100&page=2', headers: o.alice.headers });
    expect(second.json().data.map((x: { name: string }) => x.name)).toEqual([
      'tag-100',
      'tag-101',
      'tag-102',
      'tag-103',
      'tag-104',
    ]);
  });
});

describe('PATCH /api/tags/{id}', () => {
  it('lets only an admin rename a tag: a user gets 403 and nothing changes', async () => {
    const tag = (await post(org.alice.headers, { name: 'Kotlin' })).json();
    const refused = await rename(org.alice.headers, tag.id, { name: 'Kotlin 2' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only an admin can do this' });
    expect(await namesOf(org.licence.id)).toContain('Kotlin');
    expect((await rename(org.admin.headers, tag.id, { name: 'Kotlin 2' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/tags/{id}', () => {
  it("lets an admin delete a tag: gone from candidates' tag_ids, candidate links and job offers; candidates stay", async () => {
    const doomed = (await post(org.alice.headers, { name: 'Doomed tag' })).json();
    const kept = (await post(org.alice.headers, { name: 'Kept tag' })).json();
    const people = await insertCandidates(t, org.licence.id, 2, [kept.id, doomed.id]);
    const untouched = await insertCandidates(t, org.licence.id, 1, [kept.id]);
    await t.db.insert(candidateTags).values(
      people.flatMap((candidateId) => [
        { candidateId, tagId: doomed.id },
        { candidateId, tagId: kept.id },
      ]),
    );
    const offer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/job_offers',
        headers: org.alice.headers,
        payload: { job_offer: { name: 'Tagged offer' } },
      })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offer.id}/tags/${doomed.id}`,
      headers: org.alice.headers,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offer.id}/tags/${kept.id}`,
      headers: org.alice.headers,
    });
    const before = await t.db
      .select({ updatedAt: candidates.updatedAt })
      .from(candidates)
      .where(eq(candidates.id, people[0] as number));

    const res = await remove(org.admin.headers, doomed.id);
    expect(res.statusCode).toBe(204);
    expect(await namesOf(org.licence.id)).not.toContain('Doomed tag');
    for (const id of [...people, ...untouched]) {
      const [row] = await t.db
        .select({ tagIds: candidates.tagIds, updatedAt: candidates.updatedAt })
        .from(candidates)
        .where(eq(candidates.id, id));
      expect(row?.tagIds).toEqual([kept.id]);
    }
    const [after] = await t.db
      .select({ updatedAt: candidates.updatedAt })
      .from(candidates)
      .where(eq(candidates.id, people[0] as number));
    expect(after?.updatedAt).toEqual(before[0]?.updatedAt);
    const links = await t.db
      .select({ tagId: candidateTags.tagId })
      .from(candidateTags)
      .where(eq(candidateTags.tagId, doomed.id));
    expect(links).toEqual([]);
    const offerTags = await t.db
      .select({ tagId: jobOfferTags.tagId })
      .from(jobOfferTags)
      .where(eq(jobOfferTags.jobOfferId, offer.id));
    expect(offerTags).toEqual([{ tagId: kept.id }]);
    expect((await remove(org.admin.headers, doomed.id)).statusCode).toBe(404);
  });

  it("answers 403 to a user, 404 for another licence's tag, and deletes nothing", async () => {
    const tag = (await post(org.alice.headers, { name: 'Survivor' })).json();
    const [person] = await insertCandidates(t, org.licence.id, 1, [tag.id]);
    const refused = await remove(org.alice.headers, tag.id);
    expect(refused.statusCode).toBe(403);
    const foreign = await remove(other.admin.headers, tag.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Tag not found' });
    expect((await remove(org.admin.headers, 'abc')).statusCode).toBe(400);
    expect(await namesOf(org.licence.id)).toContain('Survivor');
    const [row] = await t.db
      .select({ tagIds: candidates.tagIds })
      .from(candidates)
      .where(eq(candidates.id, person as number));
    expect(row?.tagIds).toEqual([tag.id]);
  });
});
