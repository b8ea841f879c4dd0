import { beforeAll, describe, expect, it } from 'vitest';
import { candidateFiles } from '../../db/schema/index.ts';
import { seedCandidate, seedTags } from '../../test/fixtures/candidate-database.ts';
import { insertCareersApplication, insertOffer } from '../../test/fixtures/job-applications.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { newStorageKey } from '../candidate-files/file-store.ts';

// Issue 23: the candidates screen's filter by source, `filters[source]` on GET /api/candidates/search, and
// GET /api/candidate_sources, the list its select offers.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const ids: Record<string, number> = {};

beforeAll(async () => {
  const L = org.licence.id;
  const [java] = (await seedTags(t, L, ['Java'])) as [number];
  ids.ada = await seedCandidate(t, L, { firstName: 'Ada', lastName: 'Lovelace', tagIds: [java] });
  ids.grace = await seedCandidate(t, L, { firstName: 'Grace', lastName: 'Hopper', minutesAgo: 1 });
  ids.alan = await seedCandidate(t, L, { firstName: 'Alan', lastName: 'Turing', minutesAgo: 2 });
  ids.typed = await seedCandidate(t, L, { firstName: 'Typed', lastName: 'In', minutesAgo: 3 });
  ids.java = java;
  // Grace (careers page) and Alan (LinkedIn) both name COBOL in their CVs only.
  for (const candidateId of [ids.grace, ids.alan]) {
    const text = 'Experience. Maintained COBOL programs for a bank.';
    await t.db.insert(candidateFiles).values({
      licenceId: L,
      candidateId,
      name: 'cv.txt',
      storageKey: newStorageKey(),
      mediaType: 'text/plain',
      size: text.length,
      text,
      textState: 'done',
    });
  }
  const backend = await insertOffer(t, L, org.admin.id, 'Backend');
  const frontend = await insertOffer(t, L, org.admin.id, 'Frontend');
  const design = await insertOffer(t, L, org.admin.id, 'Design');
  // Ada applied twice through the careers page (counted once) and once from LinkedIn; Grace twice from the
  // page; Alan from LinkedIn; Typed was added by a recruiter (no source).
  await insertCareersApplication(t, L, backend, ids.ada, { source: 'careers_page' });
  await insertCareersApplication(t, L, design, ids.ada, { source: 'careers_page' });
  await insertCareersApplication(t, L, frontend, ids.ada, { source: 'linkedin' });
  await insertCareersApplication(t, L, backend, ids.grace, { source: 'careers_page' });
  await insertCareersApplication(t, L, frontend, ids.grace, { source: 'careers_page' });
  await insertCareersApplication(t, L, frontend, ids.alan, { source: 'linkedin' });
  await insertCareersApplication(t, L, backend, ids.typed, { source: null });
  // Another licence's candidate of the same source: never counted nor found here.
  const O = other.licence.id;
  const theirs = await seedCandidate(t, O, { firstName: 'Ada', lastName: 'Elsewhere' });
  const theirOffer = await insertOffer(t, O, other.admin.id, 'Theirs');
  const theirOther = await insertOffer(t, O, other.admin.id, 'Theirs too');
  await insertCareersApplication(t, O, theirOffer, theirs, { source: 'linkedin' });
  await insertCareersApplication(t, O, theirOther, theirs, { source: 'indeed' });
});

const search = (query: string, headers = org.alice.headers) =>
  t.app.inject({ url: `/api/candidates/search?${query}`, headers });
const names = async (query: string) => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { first_name: string }[]).map((c) => c.first_name);
};

describe('GET /api/candidate_sources', () => {
  it("lists the licence's sources with how many candidates came through each, the most common first", async () => {
    const res = await t.app.inject({ url: '/api/candidate_sources', headers: org.alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { source: 'careers_page', count: 2 },
        { source: 'linkedin', count: 2 },
      ],
    });
    const theirs = await t.app.inject({ url: '/api/candidate_sources', headers: other.bob.headers });
    expect(theirs.json().data).toEqual([
      { source: 'indeed', count: 1 },
      { source: 'linkedin', count: 1 },
    ]);
  });
});

describe('filters[source] on GET /api/candidates/search', () => {
  it('finds the candidates with an application of that source, each once, newest first', async () => {
    expect(await names('filters[source]=careers_page')).toEqual(['Ada', 'Grace']);
    expect(await names('filters[source]=linkedin')).toEqual(['Ada', 'Alan']);
    expect(await names('filters[source]=indeed')).toEqual([]);
    const counted = (await search('filters[source]=careers_page')).json();
    expect(counted.total_count).toBe(2);
    // Empty: no filter.
    expect(await names('filters[source]=')).toEqual(['Ada', 'Grace', 'Alan', 'Typed']);
  });

  it('combines with the text search and the tag expression', async () => {
    expect(await names('filters[source]=linkedin&filters[search]=alan')).toEqual(['Alan']);
    expect(await names('filters[source]=careers_page&filters[search]=alan')).toEqual([]);
    expect(await names(`filters[source]=linkedin&filters[tags][]=${ids.java}`)).toEqual(['Ada']);
    expect(
      await names(`filters[source]=careers_page&filters[tags][]=not&filters[tags][]=${ids.java}`),
    ).toEqual(['Grace']);
    // "Search in CVs" gathers the matches in two sets; the source applies to both.
    expect(await names('filters[source]=linkedin&filters[search]=a&filters[in_cvs]=true')).toEqual([
      'Ada',
      'Alan',
    ]);
    // Grace's CV has the word "a".
    expect(await names('filters[source]=careers_page&filters[search]=a&filters[in_cvs]=true')).toEqual([
      'Ada',
      'Grace',
    ]);
    // Matched by their CVs alone: the source still applies.
    expect(await names('filters[search]=cobol&filters[in_cvs]=true')).toEqual(['Grace', 'Alan']);
    expect(await names('filters[source]=linkedin&filters[search]=cobol&filters[in_cvs]=true')).toEqual([
      'Alan',
    ]);
    expect(await names('filters[source]=careers_page&filters[search]=cobol&filters[in_cvs]=true')).toEqual([
      'Grace',
    ]);
  });

  it("never finds another licence's candidates", async () => {
    const res = await search('filters[source]=indeed&filters[search]=ada');
    expect(res.json().data).toEqual([]);
    const theirs = await search('filters[source]=careers_page', other.bob.headers);
    expect(theirs.json().data).toEqual([]);
  });

  it('refuses a value no source can be with a 400', async () => {
    for (const bad of ['Not%20a%20source', '-dash', 'x'.repeat(51), '%C3%A9t%C3%A9']) {
      const res = await search(`filters[source]=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('filters.source');
    }
  });
});
