import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidateContacts } from '../../db/schema/index.ts';
import { seedCandidate, seedTags } from '../../test/fixtures/candidate-database.ts';
import { insertCandidates, type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { touchCandidates } from './candidates.queries.ts';

// GET /api/candidates/search: text, tag expressions, order, pages, and what it refuses.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const ids: Record<string, number> = {};
let java: number;
let react: number;
let senior: number;
let junior: number;
let theirTag: number;

beforeAll(async () => {
  const L = org.licence.id;
  [java, react, senior, junior] = (await seedTags(t, L, ['Java', 'React', 'Senior', 'Junior'])) as [
    number,
    number,
    number,
    number,
  ];
  [theirTag] = (await seedTags(t, other.licence.id, ['Java'])) as [number];
  // Newest first: ada (0 min ago), grace (1), helene (2), linus (3), margaret (4), manual (5).
  ids.ada = await seedCandidate(t, L, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    title: 'Backend developer',
    emails: ['ada@analytical.engine', 'countess@lovelace.uk'],
    phones: ['+44 20 7946 0000'],
    tagIds: [java, senior],
  });
  ids.grace = await seedCandidate(t, L, {
    firstName: 'Grace',
    lastName: 'Hopper',
    title: 'Compiler engineer',
    emails: ['grace@navy.mil'],
    tagIds: [java, junior],
    minutesAgo: 1,
  });
  ids.helene = await seedCandidate(t, L, {
    firstName: 'Hélène',
    lastName: 'Lefèvre',
    title: 'Développeuse React',
    phones: ['+33 6 12 34 56 78'],
    tagIds: [react, senior],
    minutesAgo: 2,
  });
  ids.linus = await seedCandidate(t, L, {
    firstName: 'Linus',
    lastName: 'Torvalds',
    title: 'Kernel maintainer',
    tagIds: [react],
    minutesAgo: 3,
  });
  ids.margaret = await seedCandidate(t, L, {
    firstName: 'Margaret',
    lastName: 'Hamilton',
    title: '50% engineer_lead',
    tagIds: [],
    minutesAgo: 4,
  });
  ids.manual = await seedCandidate(t, L, {
    manual: { firstName: 'Barbara', lastName: 'Liskov', title: 'Professor' },
    tagIds: [senior, junior],
    minutesAgo: 5,
  });
  await seedCandidate(t, other.licence.id, {
    firstName: 'Ada',
    lastName: 'Other',
    emails: ['ada@other.test'],
    tagIds: [theirTag],
  });
});

type Page = { data: { id: number; full_name: string }[]; total_count: number; total_count_capped: boolean };
const search = async (query: string, headers = org.alice.headers) => {
  const res = await t.app.inject({ url: `/api/candidates/search?${query}`, headers });
  return { status: res.statusCode, body: res.json() as Page, headers: res.headers, raw: res };
};
const names = async (query: string) => (await search(query)).body.data.map((c) => c.full_name);
const tagQuery = (...elements: (string | number)[]) =>
  elements.map((e) => `filters[tags][]=${encodeURIComponent(String(e))}`).join('&');

describe('GET /api/candidates/search: text', () => {
  it("lists the licence's candidates newest first, with their contacts and tags, and the count", async () => {
    const { status, body, headers } = await search('');
    expect(status).toBe(200);
    expect(body.total_count).toBe(6);
    expect(body.total_count_capped).toBe(false);
    expect(headers['x-total-count']).toBe('6');
    expect(body.data.map((c) => c.id)).toEqual([
      ids.ada,
      ids.grace,
      ids.helene,
      ids.linus,
      ids.margaret,
      ids.manual,
    ]);
    expect(body.data[0]).toMatchObject({
      full_name: 'Ada Lovelace',
      email: 'ada@analytical.engine',
      phone: '+44 20 7946 0000',
      details: { title: 'Backend developer' },
      tags: [
        { id: java, name: 'Java' },
        { id: senior, name: 'Senior' },
      ],
    });
  });

  it('finds a substring of a first, last or full name, a title, an email or a phone', async () => {
    expect(await names('filters[search]=velac')).toEqual(['Ada Lovelace']);
    expect(await names('filters[search]=ada%20love')).toEqual(['Ada Lovelace']);
    expect(await names('filters[search]=compiler')).toEqual(['Grace Hopper']);
    expect(await names('filters[search]=navy.mil')).toEqual(['Grace Hopper']);
    expect(await names('filters[search]=countess')).toEqual(['Ada Lovelace']);
    expect(await names('filters[search]=7946')).toEqual(['Ada Lovelace']);
    // A phone typed without its spaces.
    expect(await names('filters[search]=612345678')).toEqual(['Hélène Lefèvre']);
    // The manual data's name and title.
    expect(await names('filters[search]=liskov')).toEqual(['Barbara Liskov']);
    expect(await names('filters[search]=barbara%20lis')).toEqual(['Barbara Liskov']);
    expect(await names('filters[search]=professor')).toEqual(['Barbara Liskov']);
  });

  it('ignores case and accents on both sides', async () => {
    expect(await names('filters[search]=LEFEVRE')).toEqual(['Hélène Lefèvre']);
    expect(await names('filters[search]=h%C3%A9l%C3%A8ne')).toEqual(['Hélène Lefèvre']);
    expect(await names('filters[search]=developpeuse')).toEqual(['Hélène Lefèvre']);
    expect(await names('filters[search]=L%C3%93VELACE')).toEqual(['Ada Lovelace']);
  });

  it('matches a 1 or 2 character term at the start of a word only', async () => {
    // 'li' starts Linus and Liskov; it is inside 'Hamilton' and 'Kernel maintainer' only as a substring.
    expect(await names('filters[search]=li')).toEqual(['Linus Torvalds', 'Barbara Liskov']);
    expect(await names('filters[search]=h')).toEqual(['Grace Hopper', 'Hélène Lefèvre', 'Margaret Hamilton']);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await names('filters[search]=50%25')).toEqual(['Margaret Hamilton']);
    expect(await names('filters[search]=r_l')).toEqual(['Margaret Hamilton']);
    expect(await names('filters[search]=%25%25%25')).toEqual([]);
    expect(await names('filters[search]=%5C')).toEqual([]);
  });

  it("never shows another licence's candidates", async () => {
    expect(await names('filters[search]=other')).toEqual([]);
    expect(await names('filters[search]=ada@other')).toEqual([]);
    const theirs = await search('filters[search]=ada', other.alice.headers);
    expect(theirs.body.data.map((c) => c.full_name)).toEqual(['Ada Other']);
  });
});

describe('GET /api/candidates/search: tags', () => {
  const tagged = async (...elements: (string | number)[]) => (await names(tagQuery(...elements))).sort();

  it('reads one tag, AND, OR and NOT', async () => {
    expect(await tagged(java)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(await tagged(java, 'and', senior)).toEqual(['Ada Lovelace']);
    expect(await tagged(java, 'or', react)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Hélène Lefèvre',
      'Linus Torvalds',
    ]);
    expect(await tagged(java, 'and', 'not', senior)).toEqual(['Grace Hopper']);
    expect(await tagged(java, 'not', senior)).toEqual(['Grace Hopper']);
    expect(await tagged('not', java)).toEqual([
      'Barbara Liskov',
      'Hélène Lefèvre',
      'Linus Torvalds',
      'Margaret Hamilton',
    ]);
  });

  it('binds AND tighter than OR', async () => {
    // (React AND Senior) OR Junior
    expect(await tagged(react, 'and', senior, 'or', junior)).toEqual([
      'Barbara Liskov',
      'Grace Hopper',
      'Hélène Lefèvre',
    ]);
    // Junior OR (React AND Senior): the same set, whatever the order.
    expect(await tagged(junior, 'or', react, 'and', senior)).toEqual([
      'Barbara Liskov',
      'Grace Hopper',
      'Hélène Lefèvre',
    ]);
    // Java AND Senior OR NOT React: (Java AND Senior) OR (NOT React)
    expect(await tagged(java, 'and', senior, 'or', 'not', react)).toEqual([
      'Ada Lovelace',
      'Barbara Liskov',
      'Grace Hopper',
      'Margaret Hamilton',
    ]);
  });

  it('combines text and tags, and counts what matches', async () => {
    // 'ine' is in Ada's email (engine) and in Grace's, Linus's and Margaret's titles; Margaret has no tag.
    const { body } = await search(`filters[search]=ine&${tagQuery(senior, 'or', react, 'or', junior)}`);
    expect(body.data.map((c) => c.full_name)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Linus Torvalds']);
    expect(body.total_count).toBe(3);
  });

  it("matches nothing for another licence's tag or an unknown one", async () => {
    expect(await tagged(theirTag)).toEqual([]);
    expect(await tagged(999_999)).toEqual([]);
  });

  it('answers a malformed expression with a 400 naming the position, never a 500', async () => {
    for (const [elements, position] of [
      [['and'], 0],
      [[java, java], 1],
      [[java, 'or'], 2],
      [[java, 'and', 'not', 'not', senior], 3],
      [['x'], 0],
      [[''], 0],
    ] as const) {
      const res = await search(tagQuery(...elements));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_tag_expression' });
      expect((res.body as unknown as { message: string }).message).toContain(`filters[tags][${position}]`);
    }
    expect((await search('filters[tags]=abc')).status).toBe(400);
    expect((await search('filters[tags][a]=1')).status).toBe(400);
    expect((await search('filters[tags][]=99999999999999999999')).status).toBe(400);
    expect((await search(`filters[search]=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await search('filters[search]=%00')).status).toBe(400);
  });
});

describe('GET /api/candidates/search: pages', () => {
  it('answers 20 per page with a next link, page 2, and a page past the end with the count', async () => {
    const L = org.licence.id;
    for (let i = 0; i < 20; i++) {
      await seedCandidate(t, L, { firstName: `Paged${i}`, lastName: 'Person', minutesAgo: 10 + i });
    }
    const first = await search('filters[search]=paged');
    expect(first.body.data).toHaveLength(20);
    expect(first.body.total_count).toBe(20);
    expect(first.headers.link).toBeUndefined();
    const all = await search('');
    expect(all.body.data).toHaveLength(20);
    expect(all.body.total_count).toBe(26);
    expect(all.headers.link).toContain('page=2');
    const second = await search('page=2');
    expect(second.body.data.map((c) => c.full_name)).toEqual([
      'Paged14 Person',
      'Paged15 Person',
      'Paged16 Person',
      'Paged17 Person',
      'Paged18 Person',
      'Paged19 Person',
    ]);
    const past = await search('page=9');
    expect(past.body).toEqual({ data: [], total_count: 26, total_count_capped: false });
    expect((await search('page=-3')).body.data).toHaveLength(20);
  });

  it('stops counting past 1,000 matches and says so', async () => {
    const big = await organisation(t);
    await insertCandidates(t, big.licence.id, 1_001);
    const all = await search('', big.alice.headers);
    expect(all.body).toMatchObject({ total_count: 1000, total_count_capped: true });
    expect(all.body.data).toHaveLength(20);
    const some = await search('filters[search]=candidate%2010', big.alice.headers);
    // 'Candidate 10', 'Candidate 100'…'Candidate 109', 'Candidate 1000': exact under the cap.
    expect(some.body).toMatchObject({ total_count: 12, total_count_capped: false });
    // Text matching more than the cap walks the list in its order; under it, pages are cut from the matches.
    const many = await search('filters[search]=candidate', big.alice.headers);
    expect(many.body).toMatchObject({ total_count: 1000, total_count_capped: true });
    expect(many.body.data.map((c) => c.id)).toEqual(all.body.data.map((c) => c.id));
    const second = await search('filters[search]=candidate%2010&per_page=5&page=2', big.alice.headers);
    expect(second.body.data.map((c) => c.id)).toEqual(some.body.data.slice(5, 10).map((c) => c.id));
    expect(second.body.total_count).toBe(12);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/api/candidates/search' })).statusCode).toBe(401);
  });
});

describe('GET /api/candidates with X-Requested-Ids', () => {
  const byIds = (header: string | undefined, headers = org.alice.headers) =>
    t.app.inject({
      url: '/api/candidates',
      headers: header === undefined ? headers : { ...headers, 'x-requested-ids': header },
    });

  it("answers the licence's candidates in the order asked, without other licences' or unknown ids", async () => {
    const [theirs] = (await search('filters[search]=other', other.alice.headers)).body.data;
    const res = await byIds(`${ids.grace}, ${ids.ada},${theirs?.id ?? 0},999999,${ids.grace}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { id: number }) => c.id)).toEqual([ids.grace, ids.ada]);
    expect(res.json().total_count).toBe(2);
    expect(res.json().data[1]).toMatchObject({
      full_name: 'Ada Lovelace',
      tags: [{ name: 'Java' }, { name: 'Senior' }],
    });
  });

  it('refuses a missing or malformed header and too many ids', async () => {
    for (const header of [undefined, '', 'a,b', '1,,2', '1;2', '-1', '0', '1.5', '99999999999']) {
      const res = await byIds(header);
      expect(res.statusCode, String(header)).toBe(400);
      expect(res.json().message).toContain('X-Requested-Ids');
    }
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    expect((await byIds(many)).statusCode).toBe(400);
  });
});

describe('GET /api/candidates/search after a contact changes', () => {
  it('finds a contact added later once the candidate is touched, and forgets a deleted one', async () => {
    await t.db.insert(candidateContacts).values({
      licenceId: org.licence.id,
      candidateId: ids.linus as number,
      kind: 'email',
      value: 'linus@kernel.org',
      source: 'added',
    });
    await touchCandidates(t.db, org.licence.id, [ids.linus as number]);
    expect(await names('filters[search]=kernel.org')).toEqual(['Linus Torvalds']);
    expect((await names(''))[0]).toBe('Linus Torvalds');
    await t.db
      .update(candidateContacts)
      .set({ deletedAt: new Date() })
      .where(inArray(candidateContacts.candidateId, [ids.linus as number, ids.ada as number]));
    await touchCandidates(t.db, org.licence.id, [ids.linus as number, ids.ada as number]);
    expect(await names('filters[search]=kernel.org')).toEqual([]);
    expect(await names('filters[search]=countess')).toEqual([]);
  });
});
