import { beforeAll, describe, expect, it } from 'vitest';
import { candidateFiles, candidates } from '../../db/schema/index.ts';
import { seedCandidate, seedTags } from '../../test/fixtures/candidate-database.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { newStorageKey } from '../candidate-files/file-store.ts';
import { excerptParts, excerptProbe } from './cv-excerpts.ts';
import { parseCvTerm } from './cv-text-query.ts';

// "Search in CVs" (issue 22, decision 185): GET /api/candidates/search?filters[in_cvs]=true.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const ids: Record<string, number> = {};
let remote: number;

const attach = (
  licenceId: number,
  candidateId: number,
  text: string,
  extra: { isCv?: boolean; name?: string } = {},
) =>
  t.db.insert(candidateFiles).values({
    licenceId,
    candidateId,
    name: extra.name ?? 'cv.txt',
    storageKey: newStorageKey(),
    mediaType: 'text/plain',
    size: text.length,
    isCv: extra.isCv ?? false,
    text,
    textState: 'done',
  });

beforeAll(async () => {
  const L = org.licence.id;
  [remote] = (await seedTags(t, L, ['Remote'])) as [number];
  ids.ada = await seedCandidate(t, L, { firstName: 'Ada', lastName: 'Lovelace', tagIds: [remote] });
  ids.grace = await seedCandidate(t, L, { firstName: 'Grace', lastName: 'Hopper', minutesAgo: 1 });
  ids.helene = await seedCandidate(t, L, { firstName: 'Hélène', lastName: 'Lefèvre', minutesAgo: 2 });
  ids.kube = await seedCandidate(t, L, { firstName: 'Kubernetes', lastName: 'Fan', minutesAgo: 3 });
  await attach(
    L,
    ids.ada,
    'Ada Lovelace. Experience. Ran Kubernetes clusters for a bank. Wrote notes on the analytical engine.',
    { isCv: true, name: 'ada-cv.pdf' },
  );
  await attach(L, ids.ada, 'A cover letter that says nothing about clusters.', { name: 'letter.txt' });
  await attach(L, ids.grace, 'Grace Hopper. Compilers, machine learning before it had a name, and COBOL.');
  await attach(L, ids.helene, 'Hélène Lefèvre. Développeuse expérimentée, gestion de projets numériques.');
  // Another licence's candidate with the very words searched below.
  const theirs = await seedCandidate(t, other.licence.id, { firstName: 'Their', lastName: 'Kubernetes' });
  await attach(other.licence.id, theirs, 'Kubernetes machine learning developpeuse');
});

type Card = {
  id: number;
  full_name: string;
  cv_excerpt?: { file_name: string; parts: { text: string; match: boolean }[] };
};
type Page = { data: Card[]; total_count: number };
const search = async (term: string, extra = '') => {
  const res = await t.app.inject({
    url: `/api/candidates/search?filters[search]=${encodeURIComponent(term)}&filters[in_cvs]=true${extra}`,
    headers: org.alice.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
};
const names = async (term: string, extra = '') => (await search(term, extra)).data.map((c) => c.full_name);

describe('Search in CVs', () => {
  it('finds a candidate by a word only its CV holds, and never another licence’s', async () => {
    expect(await names('analytical')).toEqual(['Ada Lovelace']);
    // Without the toggle the same word finds nobody: it is in no name, title or contact.
    const res = await t.app.inject({
      url: '/api/candidates/search?filters[search]=analytical',
      headers: org.alice.headers,
    });
    expect((res.json() as Page).total_count).toBe(0);
  });

  it('adds CV matches to name matches, newest first', async () => {
    expect(await names('kubernetes')).toEqual(['Ada Lovelace', 'Kubernetes Fan']);
  });

  it('stems English and French words and ignores accents', async () => {
    expect(await names('cluster')).toEqual(['Ada Lovelace']);
    expect(await names('developpeuses')).toEqual(['Hélène Lefèvre']);
    expect(await names('projet')).toEqual(['Hélène Lefèvre']);
    expect(await names('EXPERIMENTEE')).toEqual(['Hélène Lefèvre']);
  });

  it('reads prefixes and quoted phrases, and needs every part', async () => {
    expect(await names('compil*')).toEqual(['Grace Hopper']);
    expect(await names('"machine learning"')).toEqual(['Grace Hopper']);
    expect(await names('"learning machine"')).toEqual([]);
    expect(await names('cobol kubernetes')).toEqual([]);
    expect(await names('cobol compilers')).toEqual(['Grace Hopper']);
  });

  it('combines with the tag expression', async () => {
    expect(await names('kubernetes', `&filters[tags][]=${remote}`)).toEqual(['Ada Lovelace']);
    expect(await names('kubernetes', `&filters[tags][]=not&filters[tags][]=${remote}`)).toEqual([
      'Kubernetes Fan',
    ]);
  });

  it('follows the candidate’s tags as they change: added, removed, the tag deleted, a file added later', async () => {
    const L = org.licence.id;
    const [lace] = (await seedTags(t, L, ['Lace'])) as [number];
    const tagged = () => names('compilers', `&filters[tags][]=${lace}`);
    expect(await tagged()).toEqual([]);
    const tag = (method: 'POST' | 'DELETE', candidateId: number, tagId: number) =>
      t.app.inject({
        method,
        url: `/api/candidates/${candidateId}/tags/${tagId}`,
        headers: org.alice.headers,
      });
    expect((await tag('POST', ids.grace as number, lace)).statusCode).toBeLessThan(300);
    expect(await tagged()).toEqual(['Grace Hopper']);
    expect((await tag('DELETE', ids.grace as number, lace)).statusCode).toBeLessThan(300);
    expect(await tagged()).toEqual([]);
    // A file written after the tag takes it.
    const late = await seedCandidate(t, L, { firstName: 'Late', lastName: 'Comer', minutesAgo: 9 });
    await tag('POST', late, lace);
    await attach(L, late, 'Late Comer writes compilers too.');
    expect(await tagged()).toEqual(['Late Comer']);
    // The tag deleted: gone from the candidate and from its files.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tags/${lace}`,
      headers: org.admin.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    const rows = await t.db.select({ tags: candidateFiles.candidateTagIds }).from(candidateFiles);
    expect(rows.flatMap((r) => r.tags)).not.toContain(lace);
  });

  it('carries the matched sentence of the CV, its words marked', async () => {
    const [ada] = (await search('clusters')).data;
    expect(ada?.cv_excerpt?.file_name).toBe('ada-cv.pdf');
    const parts = ada?.cv_excerpt?.parts ?? [];
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['clusters']);
    expect(parts.map((p) => p.text).join('')).toContain('Ran Kubernetes clusters for a bank');
    // A card found by its name alone carries none.
    const fan = (await search('kubernetes')).data.find((c) => c.id === ids.kube);
    expect(fan?.cv_excerpt).toBeUndefined();
  });

  it('takes odd input as words, never as query syntax', async () => {
    for (const term of ["':* & | ! <->", '"', 'a"b"c', '(((', '\\', "o'brien"]) {
      const res = await t.app.inject({
        url: `/api/candidates/search?filters[search]=${encodeURIComponent(term)}&filters[in_cvs]=true`,
        headers: org.alice.headers,
      });
      expect(res.statusCode, term).toBe(200);
    }
  });

  it('refuses a toggle that is not true or false', async () => {
    const res = await t.app.inject({
      url: '/api/candidates/search?filters[search]=x&filters[in_cvs]=yes',
      headers: org.alice.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error' });
  });
});

describe('Search in CVs past the count cap', () => {
  it('counts "1000+" and pages newest first when more than 1,000 CVs match', async () => {
    const L = other.licence.id;
    const made = await t.db
      .insert(candidates)
      .values(
        Array.from({ length: 1_005 }, (_, i) => ({
          licenceId: L,
          firstName: 'Quasar',
          lastName: `Number${i}`,
          // Number1004 is the newest.
          updatedAt: new Date(Date.now() - (1_005 - i) * 1_000),
        })),
      )
      .returning({ id: candidates.id });
    await t.db.insert(candidateFiles).values(
      made.map(({ id }, i) => ({
        licenceId: L,
        candidateId: id,
        name: 'cv.txt',
        storageKey: newStorageKey(),
        mediaType: 'text/plain',
        size: 40,
        text: `Observed a pulsar and a ${i % 2 === 0 ? 'blazar' : 'magnetar'} at night.`,
        textState: 'done' as const,
      })),
    );
    const res = await t.app.inject({
      url: '/api/candidates/search?filters[search]=pulsar&filters[in_cvs]=true&per_page=3',
      headers: other.alice.headers,
    });
    const page = res.json() as Page & { total_count_capped: boolean };
    expect(page.total_count).toBe(1_000);
    expect(page.total_count_capped).toBe(true);
    expect(page.data.map((c) => c.full_name)).toEqual([
      'Quasar Number1004',
      'Quasar Number1003',
      'Quasar Number1002',
    ]);
    expect(page.data[0]?.cv_excerpt?.parts.find((p) => p.match)?.text).toBe('pulsar');
    // Half of them: within the cap, counted exactly.
    const half = await t.app.inject({
      url: '/api/candidates/search?filters[search]=blazar&filters[in_cvs]=true&per_page=1',
      headers: other.alice.headers,
    });
    expect(half.json()).toMatchObject({ total_count: 503, total_count_capped: false });
  });
});

describe('parseCvTerm', () => {
  it('reads words, prefixes and quoted phrases', () => {
    expect(parseCvTerm('java "machine learning" kube*')).toEqual([
      { kind: 'word', text: 'java' },
      { kind: 'phrase', text: 'machine learning' },
      { kind: 'prefix', text: 'kube' },
    ]);
    expect(parseCvTerm("o'brien c++")).toEqual([
      { kind: 'word', text: 'o' },
      { kind: 'word', text: 'brien' },
      { kind: 'word', text: 'c' },
    ]);
    expect(parseCvTerm('"unclosed phrase here')).toEqual([{ kind: 'phrase', text: 'unclosed phrase here' }]);
    expect(parseCvTerm('*** "" &')).toEqual([]);
  });
});

describe('excerptParts', () => {
  it('splits a headline into text and matches, whatever marks are left unpaired', () => {
    expect(excerptParts('Ran \uE000Kubernetes\uE001 clusters')).toEqual([
      { text: 'Ran ', match: false },
      { text: 'Kubernetes', match: true },
      { text: ' clusters', match: false },
    ]);
    expect(excerptParts('\uE001odd\uE000')).toEqual([{ text: 'odd', match: false }]);
  });
});

describe('the excerpt of a long CV', () => {
  it('finds the sentence deep in the text, and still finds it when the first word met is another one', async () => {
    const L = org.licence.id;
    const id = await seedCandidate(t, L, { firstName: 'Long', lastName: 'Reader', minutesAgo: 5 });
    const filler = 'Worked on many things of no interest to this search whatsoever. ';
    await attach(
      L,
      id,
      `Javascripts everywhere. ${filler.repeat(80)}Raised quokkas in Perth for ten years. ${filler.repeat(20)}` +
        `Then Java at scale for a bank. ${filler.repeat(20)}`,
      { isCv: true, name: 'long-cv.txt' },
    );
    const excerptOf = async (term: string) => {
      const card = (await search(term)).data.find((c) => c.id === id);
      const parts = card?.cv_excerpt?.parts ?? [];
      return {
        marked: parts.filter((p) => p.match).map((p) => p.text),
        text: parts.map((p) => p.text).join(''),
      };
    };
    // Five thousand characters in: the window around the word's first place holds it.
    const quokkas = await excerptOf('quokkas');
    expect(quokkas.marked).toEqual(['quokkas']);
    expect(quokkas.text).toContain('Raised quokkas in Perth for ten years.');
    expect(quokkas.text.length).toBeLessThan(400);
    // "jav" first meets "Javascripts", whose window has no match: the whole text is read, and Java found.
    const java = await excerptOf('java');
    expect(java.marked).toEqual(['Java']);
    expect(java.text).toContain('Then Java at scale for a bank.');
    // Accents the term lacks: the probe finds nothing, the whole text is read as before.
    const helene = (await search('developpeuse')).data.find((c) => c.id === ids.helene);
    expect(helene?.cv_excerpt?.parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Développeuse']);
  });
});

describe('excerptProbe', () => {
  it('looks first for the start of the longest word, short of its endings, literally', () => {
    expect(excerptProbe(parseCvTerm('companies'))).toBe('compan');
    expect(excerptProbe(parseCvTerm('java "machine learning"'))).toBe('learn');
    expect(excerptProbe(parseCvTerm('Kube*'))).toBe('kub');
    expect(excerptProbe(parseCvTerm('go c'))).toBeUndefined();
    // Only words reach it: a pattern's characters are not words.
    expect(excerptProbe(parseCvTerm('(.*)+ [x]{99}'))).toBeUndefined();
    expect(excerptProbe(parseCvTerm('(.*)+ kotlin'))).toBe('kot');
  });
});
