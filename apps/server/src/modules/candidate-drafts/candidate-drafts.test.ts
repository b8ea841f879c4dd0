import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateDrafts, candidateFiles, candidates, licences } from '../../db/schema/index.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { createTestApp, type Headers, type TestApp } from '../../test/harness.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { closeReadingPool } from '../candidate-files/reading/read-file-text.ts';
import { pdfOf } from '../candidate-files/reading/test-documents.ts';
import { DRAFT_KEEP_MS, pruneDrafts } from './candidate-drafts-prune.job.ts';

// Creating candidates from CVs (issue 22, decision 188): /api/candidate_drafts and its confirmation.
let t: TestApp, org: Organisation, other: Organisation;

beforeAll(async () => {
  t = await createTestApp();
  org = await organisation(t);
  other = await organisation(t);
});
afterAll(async () => {
  await t?.close();
  await closeReadingPool();
});

/** A multipart/form-data body with one part `file`. */
function form(name: string, content: Buffer) {
  const boundary = '----vivier-drafts-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const draft = (name: string, content: Buffer, headers: Headers = org.alice.headers) => {
  const body = form(name, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/candidate_drafts',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const confirm = (drafts: unknown[], headers: Headers = org.alice.headers) =>
  t.app.inject({ method: 'POST', url: '/api/candidate_drafts/confirm', headers, payload: { drafts } });
const cv = (...lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);
const creditsUsed = async (licenceId: number) =>
  (await t.db.select().from(licences).where(eq(licences.id, licenceId)))[0]?.creditsUsed;
let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;

describe('candidates from CVs', () => {
  it('reads a text and a PDF CV into drafts with the name, emails, phones and LinkedIn address', async () => {
    const text = await draft('ada.txt', cv('Ada LOVELACE', 'ada@analytical.test', '+44 20 7946 0958'));
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json()).toMatchObject({
      name: 'ada.txt',
      media_type: 'text/plain',
      text_read: true,
      detected: {
        first_name: 'Ada',
        last_name: 'LOVELACE',
        emails: ['ada@analytical.test'],
        phones: ['+44 20 7946 0958'],
        linkedin_url: null,
      },
      duplicates: [],
    });
    const pdf = await draft(
      'grace.pdf',
      await pdfOf([['Grace Hopper', 'grace@navy.test', 'linkedin.com/in/grace-hopper']]),
    );
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({
      media_type: 'application/pdf',
      detected: {
        first_name: 'Grace',
        last_name: 'Hopper',
        emails: ['grace@navy.test'],
        linkedin_url: 'https://www.linkedin.com/in/grace-hopper',
      },
    });
  });

  it('names the candidates a draft duplicates, by email or by phone', async () => {
    const email = `known-${unique()}@dup.test`;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.alice.headers,
      payload: {
        candidate: {
          first_name: 'Known',
          last_name: 'Person',
          emails: [email],
          phones: ['+33 6 98 76 54 32'],
        },
      },
    });
    const id = known.json().id;
    const byEmail = (await draft('a.txt', cv('Someone Else', email.toUpperCase()))).json();
    expect(byEmail.duplicates).toEqual([
      { candidate_id: id, name: 'Known Person', by: 'email', value: email.toUpperCase() },
    ]);
    const byPhone = (await draft('b.txt', cv('Third Person', 'Tel: +33.6.98.76.54.32'))).json();
    expect(byPhone.duplicates).toEqual([
      { candidate_id: id, name: 'Known Person', by: 'phone', value: '+33 6 98 76 54 32' },
    ]);
    // Another licence's candidates are no duplicates.
    const elsewhere = (await draft('c.txt', cv('Some One', email), other.alice.headers)).json();
    expect(elsewhere.duplicates).toEqual([]);
  });

  it('creates the confirmed candidates in one go, a credit each, each with its CV and text; the drafts go', async () => {
    const a = (await draft('a.txt', cv('Alan Turing', `alan-${unique()}@bletchley.test`))).json();
    const b = (await draft('b.pdf', await pdfOf([['Katherine Johnson', 'Orbital mechanics']]))).json();
    const before = await creditsUsed(org.licence.id);
    const res = await confirm([
      { id: a.id, ...a.detected, first_name: 'Alan M.' },
      { id: b.id, first_name: 'Katherine', last_name: 'Johnson', phones: ['+1 757 555 0100'] },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { created } = res.json();
    expect(created.map((c: { draft_id: number }) => c.draft_id)).toEqual([a.id, b.id]);
    expect(await creditsUsed(org.licence.id)).toBe((before ?? 0) + 2);
    const alan = await t.app.inject({
      url: `/api/candidates/${created[0].candidate_id}`,
      headers: org.bob.headers,
    });
    expect(alan.json()).toMatchObject({
      first_name: 'Alan M.',
      last_name: 'Turing',
      email: a.detected.emails[0],
      // Dropped in from a CV: the legitimate interest of the user who confirmed it (issue 24).
      legal_basis: 'legitimate_interest',
      legal_basis_by: org.alice.id,
    });
    const files = await t.db
      .select()
      .from(candidateFiles)
      .where(eq(candidateFiles.candidateId, created[1].candidate_id));
    expect(files).toMatchObject([
      { name: 'b.pdf', isCv: true, textState: 'done', mediaType: 'application/pdf' },
    ]);
    expect(files[0]?.text).toContain('Orbital mechanics');
    const listed = await t.app.inject({
      url: `/api/candidates/${created[1].candidate_id}/files`,
      headers: org.bob.headers,
    });
    const download = await t.app.inject({
      url: `/api/candidates/${created[1].candidate_id}/files/${listed.json().data[0].id}`,
      headers: org.bob.headers,
    });
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.db.select().from(candidateDrafts).where(eq(candidateDrafts.id, a.id))).toEqual([]);
    expect((await confirm([{ id: a.id, first_name: 'Again' }])).statusCode).toBe(404);
  });

  it("answers 404 for another user's or licence's draft, writing nothing", async () => {
    const mine = (await draft('a.txt', cv('Mine Only', 'x'))).json();
    const before = await creditsUsed(org.licence.id);
    expect((await confirm([{ id: mine.id, first_name: 'Bob' }], org.bob.headers)).statusCode).toBe(404);
    expect((await confirm([{ id: mine.id, first_name: 'Eve' }], other.admin.headers)).statusCode).toBe(404);
    const theirs = (await draft('b.txt', cv('Bob Draft'), org.bob.headers)).json();
    const both = await confirm([
      { id: mine.id, first_name: 'Mine' },
      { id: theirs.id, first_name: 'Theirs' },
    ]);
    expect(both.statusCode).toBe(404);
    expect(await creditsUsed(org.licence.id)).toBe(before);
    expect(await t.db.select().from(candidateDrafts).where(eq(candidateDrafts.id, mine.id))).toHaveLength(1);
  });

  it('refuses a known email (409), too few credits (402) and bad input (400), creating none', async () => {
    const email = `taken-${unique()}@dup.test`;
    await t.app.inject({
      method: 'POST',
      url: '/api/candidates',
      headers: org.alice.headers,
      payload: { candidate: { emails: [email] } },
    });
    const a = (await draft('a.txt', cv('First One'))).json();
    const b = (await draft('b.txt', cv('Second One'))).json();
    const count = async () =>
      (await t.db.select().from(candidates).where(eq(candidates.licenceId, org.licence.id))).length;
    const before = await count();
    const duplicate = await confirm([
      { id: a.id, first_name: 'A' },
      { id: b.id, first_name: 'B', emails: [email] },
    ]);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: 'duplicate_candidate' });
    const twice = await confirm([
      { id: a.id, emails: ['same@x.test'] },
      { id: b.id, emails: ['SAME@x.test'] },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await confirm([])).statusCode).toBe(400);
    expect((await confirm([{ id: a.id }])).statusCode).toBe(400);
    expect((await confirm([{ id: a.id, first_name: 'A', emails: ['not an email'] }])).statusCode).toBe(400);
    expect(
      (
        await confirm([
          { id: a.id, first_name: 'A' },
          { id: a.id, first_name: 'A' },
        ])
      ).statusCode,
    ).toBe(400);
    const used = (await creditsUsed(org.licence.id)) ?? 0;
    await t.db
      .update(licences)
      .set({ creditsMax: used + 1 })
      .where(eq(licences.id, org.licence.id));
    const poor = await confirm([
      { id: a.id, first_name: 'A' },
      { id: b.id, first_name: 'B' },
    ]);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ error: 'credits_exhausted' });
    await t.db.update(licences).set({ creditsMax: 100_000 }).where(eq(licences.id, org.licence.id));
    expect(await count()).toBe(before);
    expect(await creditsUsed(org.licence.id)).toBe(used);
  });

  it('refuses a file that is no CV type (415), an empty one (400) and one over the limit (413), keeping nothing', async () => {
    const before = (await t.db.select().from(candidateDrafts)).length;
    expect((await draft('cv.pdf', Buffer.from('<html><script>x</script>'))).statusCode).toBe(415);
    expect((await draft('cv.txt', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await draft('cv.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'))).statusCode).toBe(413);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/candidate_drafts',
      headers: org.alice.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect((await t.db.select().from(candidateDrafts)).length).toBe(before);
  });

  it('keeps a draft whose text cannot be read, with nothing detected', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x01)]);
    const res = await draft('scan.pdf', broken);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ text_read: false, detected: { first_name: null, emails: [] } });
  });

  it('drops drafts a day old with their objects; the sweeper spares the younger ones', async () => {
    const old = (await draft('old.txt', cv('Old Draft'))).json();
    const [row] = await t.db.select().from(candidateDrafts).where(eq(candidateDrafts.id, old.id));
    const store = fileStoreFor(t.config);
    expect(await store.get(row?.storageKey ?? '')).toBeDefined();
    const later = new Date(Date.now() + DRAFT_KEEP_MS + 1000);
    expect((await pruneDrafts(t.db, store, later)).deleted).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(candidateDrafts).where(eq(candidateDrafts.id, old.id))).toEqual([]);
    expect(await store.get(row?.storageKey ?? '')).toBeUndefined();
  });
});
