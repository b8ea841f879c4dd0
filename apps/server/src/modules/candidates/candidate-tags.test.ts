import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates, candidateTags, tags } from '../../db/schema/index.ts';
import { insertPeople, LONG_AGO } from '../../test/fixtures/job-applications.ts';
import { type Organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// POST and DELETE /api/candidates/{candidateId}/tags/{tagId}, and the `tag_ids` mirror the tag search reads.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const fresh = async () => {
  const [id] = await insertPeople(t, org.licence.id, [{ firstName: 'Tagged', updatedAt: LONG_AGO }]);
  if (!id) throw new Error('no candidate');
  return id;
};
const newTag = async (licenceId: number, name: string) => {
  const [tag] = await t.db.insert(tags).values({ licenceId, name }).returning();
  if (!tag) throw new Error('no tag');
  return tag;
};
const tagUrl = (candidateId: number, tagId: number) => `/api/candidates/${candidateId}/tags/${tagId}`;
const attach = (candidateId: number, tagId: number, headers = org.alice.headers) =>
  t.app.inject({ method: 'POST', url: tagUrl(candidateId, tagId), headers });
const detach = (candidateId: number, tagId: number, headers = org.alice.headers) =>
  t.app.inject({ method: 'DELETE', url: tagUrl(candidateId, tagId), headers });

const byNumber = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** What the junction table and the array mirror say; they must always agree. */
async function stored(candidateId: number) {
  const junction = (
    await t.db.select().from(candidateTags).where(eq(candidateTags.candidateId, candidateId))
  ).map((r) => r.tagId);
  const [row] = await t.db.select().from(candidates).where(eq(candidates.id, candidateId));
  return {
    junction: byNumber(junction),
    mirror: byNumber(row?.tagIds ?? []),
    updatedAt: row?.updatedAt.getTime(),
  };
}

describe('candidate tags', () => {
  it('attaches a tag (twice changes nothing), keeps tag_ids in sync, and bumps updated_at', async () => {
    const id = await fresh();
    const java = await newTag(org.licence.id, 'Java');
    const res = await attach(id, java.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().tags).toEqual([{ id: java.id, name: 'Java' }]);
    const after = await stored(id);
    expect(after).toMatchObject({ junction: [java.id], mirror: [java.id] });
    expect(after.updatedAt).toBeGreaterThan(LONG_AGO.getTime());
    expect((await attach(id, java.id)).json().tags).toHaveLength(1);
    expect((await stored(id)).mirror).toEqual([java.id]);
  });

  it('detaches a tag from both, and detaching again changes nothing', async () => {
    const id = await fresh();
    const [a, b] = [await newTag(org.licence.id, 'Alpha'), await newTag(org.licence.id, 'Beta')];
    await attach(id, a.id);
    await attach(id, b.id);
    const res = await detach(id, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().tags).toEqual([{ id: b.id, name: 'Beta' }]);
    expect(await stored(id)).toMatchObject({ junction: [b.id], mirror: [b.id] });
    expect((await detach(id, a.id)).statusCode).toBe(200);
    expect((await stored(id)).mirror).toEqual([b.id]);
  });

  it('two tabs attaching different tags at once keep both in tag_ids', async () => {
    const id = await fresh();
    const made = await Promise.all(['P1', 'P2', 'P3', 'P4'].map((name) => newTag(org.licence.id, name)));
    const codes = await Promise.all(made.map((tag) => attach(id, tag.id)));
    expect(codes.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = byNumber(made.map((tag) => tag.id));
    expect(await stored(id)).toMatchObject({ junction: ids, mirror: ids });
    await Promise.all(made.slice(0, 2).map((tag) => detach(id, tag.id)));
    expect((await stored(id)).mirror).toEqual(byNumber(made.slice(2).map((tag) => tag.id)));
  });

  it("answers 404 for another licence's tag or candidate, and attaches nothing", async () => {
    const id = await fresh();
    const foreign = await newTag(other.licence.id, 'Theirs');
    const res = await attach(id, foreign.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Tag not found' });
    const mine = await newTag(org.licence.id, 'Ours');
    const theirs = await attach(id, mine.id, other.admin.headers);
    expect(theirs.json()).toEqual({ error: 'not_found', message: 'Candidate not found' });
    expect((await detach(id, mine.id, other.admin.headers)).statusCode).toBe(404);
    expect(await stored(id)).toMatchObject({ junction: [], mirror: [], updatedAt: LONG_AGO.getTime() });
    expect((await attach(id, 0)).statusCode).toBe(400);
  });

  it('any user may tag with an existing tag, even when only admins may create tags', async () => {
    await setSetting(t, org.licence.id, 'tags_rule', 'not-createable');
    try {
      const id = await fresh();
      const tag = await newTag(org.licence.id, 'Existing');
      expect((await attach(id, tag.id, org.bob.headers)).statusCode).toBe(200);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: org.bob.headers,
        payload: { name: 'Brand new' },
      });
      expect(created.statusCode).toBe(403);
    } finally {
      await setSetting(t, org.licence.id, 'tags_rule', 'createable');
    }
  });
});
