import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateFiles, candidates, users } from '../../db/schema/index.ts';
import { insertCandidates, type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { createTestApp, type Headers, type TestApp } from '../../test/harness.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { DOCX, ODT } from './candidate-files.fixtures.ts';
import { fileStoreFor } from './candidate-files.service.ts';
import { SWEEP_GRACE_MS, sweepOrphanFiles } from './candidate-files-sweep.job.ts';

// Files on a candidate (issue 22, decision 184): /api/candidates/{id}/files, on disk and in an S3 bucket on a
// real S3-protocol server on loopback (decision 187).
describe.each([
  ['on disk', false],
  ['in S3', true],
])('candidate files %s', (_where, inS3) => {
  let t: TestApp, org: Organisation, other: Organisation, reader: Headers;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

  beforeAll(async () => {
    s3 = inS3 ? await startS3Server() : undefined;
    t = await createTestApp(s3?.env ?? {});
    org = await organisation(t);
    other = await organisation(t);
    const readOnly = await t.user(org.licence.id, 'reader@files.test');
    await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
    reader = t.auth((await t.login('reader@files.test')).jwt);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  /** The keys the configured store holds (the bucket's or the folder's). */
  const stored = async () => {
    const keys: string[] = [];
    for await (const object of fileStoreFor(t.config).list()) keys.push(object.key);
    return keys;
  };

  const candidate = async (o = org) => (await insertCandidates(t, o.licence.id, 1))[0] ?? 0;
  const filesUrl = (id: number) => `/api/candidates/${id}/files`;

  /** A multipart/form-data body with one part `file` (or the field named) holding `content`. */
  function form(name: string, content: Buffer, field = 'file') {
    const boundary = '----vivier-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  const upload = (id: number, name: string, content: Buffer, headers: Headers = org.alice.headers) => {
    const body = form(name, content);
    return t.app.inject({
      method: 'POST',
      url: filesUrl(id),
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a PDF, lists it with its uploader and downloads it as an attachment', async () => {
    const id = await candidate();
    const res = await upload(id, 'Curriculum vitæ.pdf', PDF);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({
      candidate_id: id,
      name: 'Curriculum vitæ.pdf',
      size: PDF.length,
      media_type: 'application/pdf',
      is_cv: false,
      uploader: { id: org.alice.id },
    });
    const list = await t.app.inject({ url: filesUrl(id), headers: reader });
    expect(list.json().data).toEqual([file]);
    const download = await t.app.inject({ url: `${filesUrl(id)}/${file.id}`, headers: reader });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Curriculum vit_.pdf"; filename*=UTF-8''Curriculum%20vit%C3%A6.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes a DOCX and an ODT by their bytes, not a DOCX named .odt', async () => {
    const id = await candidate();
    const docx = await upload(id, 'cv.docx', DOCX);
    expect(docx.statusCode, docx.body).toBe(201);
    expect(docx.json().media_type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const odt = await upload(id, 'CV.ODT', ODT);
    expect(odt.statusCode, odt.body).toBe(201);
    expect(odt.json().media_type).toBe('application/vnd.oasis.opendocument.text');
    expect((await upload(id, 'cv.odt', DOCX)).statusCode).toBe(415);
  });

  it('stores a file named ../../x under a random key, its name shown as given', async () => {
    const id = await candidate();
    const res = await upload(id, '../../x', Buffer.from('Plain text CV\n'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: '../../x', media_type: 'text/plain' });
    const [row] = await t.db.select().from(candidateFiles).where(eq(candidateFiles.id, res.json().id));
    expect(row?.storageKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await stored()).toContain(row?.storageKey);
    expect(fs.existsSync(path.join(t.config.dataDir, '..', 'x'))).toBe(false);
    const download = await t.app.inject({ url: `${filesUrl(id)}/${res.json().id}`, headers: reader });
    expect(download.body).toBe('Plain text CV\n');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_.._x"; filename*=UTF-8''..%2F..%2Fx`,
    );
  });

  it('refuses an HTML page named .pdf (415), text named .pdf, binary junk and an empty file, storing nothing', async () => {
    const id = await candidate();
    const before = (await stored()).length;
    const html = await upload(id, 'cv.pdf', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ error: 'unsupported_file_type' });
    expect((await upload(id, 'cv.txt', Buffer.from('<html><body>x</body></html>'))).statusCode).toBe(415);
    expect((await upload(id, 'cv.pdf', Buffer.from('Just text'))).statusCode).toBe(415);
    expect((await upload(id, 'cv.txt', Buffer.from([0x41, 0, 0x42]))).statusCode).toBe(415);
    expect((await upload(id, 'cv.txt', Buffer.from([0xc3, 0x28]))).statusCode).toBe(415);
    expect((await upload(id, 'cv.docx', PDF)).statusCode).toBe(415);
    const empty = await upload(id, 'empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'bad_request' });
    expect((await stored()).length).toBe(before);
    expect((await t.app.inject({ url: filesUrl(id), headers: org.alice.headers })).json().data).toEqual([]);
  });

  it('takes 10 MB and refuses 10 MB + 1 byte with 413, keeping nothing of it', async () => {
    const id = await candidate();
    const limit = 10 * 1024 * 1024;
    const ok = await upload(id, 'big.txt', Buffer.alloc(limit, 'a'));
    expect(ok.statusCode, ok.body).toBe(201);
    const before = (await stored()).length;
    const res = await upload(id, 'big.txt', Buffer.alloc(limit + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
    expect((await stored()).length).toBe(before);
  });

  it('answers 400 without a part named file, and ignores a text field beside it', async () => {
    const id = await candidate();
    const body = form('cv.pdf', PDF, 'other');
    const res = await t.app.inject({
      method: 'POST',
      url: filesUrl(id),
      headers: { ...org.alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    // A text field before the file is ignored, not answered as a body too large.
    const boundary = '----vivier-test-boundary';
    const extra = await t.app.inject({
      method: 'POST',
      url: filesUrl(id),
      headers: { ...org.alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n${form('cv.pdf', PDF).payload.toString('latin1')}`,
    });
    expect(extra.statusCode, extra.body).toBe(201);
    const json = await t.app.inject({
      method: 'POST',
      url: filesUrl(id),
      headers: org.alice.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it("answers 404 for another licence's candidate and file, and another candidate's file", async () => {
    const id = await candidate();
    const file = (await upload(id, 'cv.pdf', PDF)).json();
    const h = other.admin.headers;
    expect((await upload(id, 'cv.pdf', PDF, h)).statusCode).toBe(404);
    expect((await t.app.inject({ url: filesUrl(id), headers: h })).statusCode).toBe(404);
    const fileUrl = `${filesUrl(id)}/${file.id}`;
    expect((await t.app.inject({ url: fileUrl, headers: h })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: fileUrl, headers: h })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `${fileUrl}/cv`, headers: h })).statusCode).toBe(404);
    const elsewhere = `${filesUrl(await candidate())}/${file.id}`;
    expect((await t.app.inject({ url: elsewhere, headers: org.alice.headers })).statusCode).toBe(404);
  });

  it('lets the uploader and an admin delete a file, not another user (403), and removes its object', async () => {
    const id = await candidate();
    const mine = (await upload(id, 'a.pdf', PDF, reader)).json();
    const url = `${filesUrl(id)}/${mine.id}`;
    const remove = (headers: Headers) => t.app.inject({ method: 'DELETE', url, headers });
    expect((await remove(org.alice.headers)).json()).toMatchObject({ error: 'forbidden' });
    expect((await remove(reader)).statusCode).toBe(204);
    expect((await remove(reader)).statusCode).toBe(404);
    const theirs = (await upload(id, 'b.pdf', PDF)).json();
    const [row] = await t.db.select().from(candidateFiles).where(eq(candidateFiles.id, theirs.id));
    const admin = await t.app.inject({
      method: 'DELETE',
      url: `${filesUrl(id)}/${theirs.id}`,
      headers: org.admin.headers,
    });
    expect(admin.statusCode).toBe(204);
    expect(await stored()).not.toContain(row?.storageKey);
  });

  it('marks one file as the CV at a time', async () => {
    const id = await candidate();
    const a = (await upload(id, 'a.pdf', PDF)).json();
    const b = (await upload(id, 'b.txt', Buffer.from('CV'))).json();
    const mark = (fileId: number) =>
      t.app.inject({ method: 'PUT', url: `${filesUrl(id)}/${fileId}/cv`, headers: reader });
    expect((await mark(a.id)).json()).toMatchObject({ id: a.id, is_cv: true });
    expect((await mark(b.id)).json()).toMatchObject({ id: b.id, is_cv: true });
    // Two at once: they take turns, and one file is the CV whichever came last.
    const both = await Promise.all([mark(a.id), mark(b.id)]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    const cvs = await t.db.select().from(candidateFiles).where(eq(candidateFiles.candidateId, id));
    expect(cvs.filter((f) => f.isCv)).toHaveLength(1);
    await mark(b.id);
    const list = (await t.app.inject({ url: filesUrl(id), headers: reader })).json().data;
    expect(list.map((f: { id: number; is_cv: boolean }) => [f.id, f.is_cv])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });

  it("sweeps the objects of a deleted candidate's files, sparing recent and held ones", async () => {
    const id = await candidate();
    const gone = (await upload(id, 'a.pdf', PDF)).json();
    const kept = (await upload(await candidate(), 'b.pdf', PDF)).json();
    const keyOf = async (fileId: number) =>
      (await t.db.select().from(candidateFiles).where(eq(candidateFiles.id, fileId)))[0]?.storageKey ?? '';
    const [goneKey, keptKey] = [await keyOf(gone.id), await keyOf(kept.id)];
    await t.db.delete(candidates).where(eq(candidates.id, id));
    const store = fileStoreFor(t.config);
    expect((await sweepOrphanFiles(t.db, store)).deleted).toBe(0);
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 1000);
    expect((await sweepOrphanFiles(t.db, store, later)).deleted).toBeGreaterThanOrEqual(1);
    expect(await stored()).not.toContain(goneKey);
    expect(await stored()).toContain(keptKey);
  });
});
