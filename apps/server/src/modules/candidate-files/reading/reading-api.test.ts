import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../../db/raw-rows.ts';
import { insertCandidates, type Organisation, organisation } from '../../../test/fixtures/organisation.ts';
import { createTestApp, type Headers, type TestApp } from '../../../test/harness.ts';
import { fileStoreFor } from '../candidate-files.service.ts';
import type { FileStore } from '../file-store.ts';
import { docxBomb, docxOf, odtOf, pdfOf } from './test-documents.ts';
import { readPendingJob, readTextJob } from './text-job.ts';

// Reading candidates' files (issue 22, decision 186): the text job after an upload, the zip-bomb refusal, the
// catch-up of files left pending, and the preview route.
let t: TestApp, org: Organisation, other: Organisation;

beforeAll(async () => {
  t = await createTestApp();
  org = await organisation(t);
  other = await organisation(t);
  await t.app.jobs.start({ pollMs: 20, backoffMs: 20 });
});
afterAll(() => t?.close());

const candidate = async (o = org) => (await insertCandidates(t, o.licence.id, 1))[0] ?? 0;
const filesUrl = (id: number) => `/api/candidates/${id}/files`;
const stored = () => {
  const dir = path.join(t.config.dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

function upload(id: number, name: string, content: Buffer, headers: Headers = org.alice.headers) {
  const boundary = '----vivier-reading-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: filesUrl(id),
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** The file's state as the list shows it, once it is no longer pending. */
async function readState(candidateId: number, fileId: number) {
  let state = 'pending';
  await expect
    .poll(
      async () => {
        const list = await t.app.inject({ url: filesUrl(candidateId), headers: org.alice.headers });
        state = list.json().data.find((f: { id: number }) => f.id === fileId)?.text_state;
        return state;
      },
      { timeout: 20_000, interval: 50 },
    )
    .not.toBe('pending');
  return state;
}

const textOf = async (fileId: number) =>
  (
    await rawRows<{ text: string | null }>(t.db, sql`select text from candidate_files where id = ${fileId}`)
  )[0]?.text;

describe('reading the text of an uploaded file', () => {
  it('reads a PDF, a DOCX, an ODT and a text file after their upload, and their words are searchable', async () => {
    const id = await candidate();
    const uploads = [
      ['cv.pdf', await pdfOf([['Ada Lovelace'], ['Kubernetes operator']])],
      ['cv.docx', await docxOf('Grace Hopper', ['Compilateurs COBOL, équipe à Paris'])],
      ['cv.odt', await odtOf(['Margaret Hamilton', 'Apollo guidance'])],
      ['cv.txt', Buffer.from('Linus Torvalds\nGit and Linux')],
    ] as const;
    const words = ['Kubernetes operator', 'Compilateurs COBOL', 'Apollo guidance', 'Git and Linux'];
    for (const [index, [name, bytes]] of uploads.entries()) {
      const res = await upload(id, name, bytes);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().text_state).toBe('pending');
      expect(await readState(id, res.json().id)).toBe('done');
      expect(await textOf(res.json().id)).toContain(words[index]);
    }
    // The generated tsvector holds the words, stemmed and without accents (migration 0014).
    const found = await rawRows<{ name: string }>(
      t.db,
      sql`select name from candidate_files where candidate_id = ${id}
          and text_search @@ to_tsquery('vivier_fr', 'equipe') order by id`,
    );
    expect(found.map((f) => f.name)).toEqual(['cv.docx']);
  });

  it('marks a PDF that cannot be parsed as failed, not pending for ever', async () => {
    const id = await candidate();
    const res = await upload(
      id,
      'broken.pdf',
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await readState(id, res.json().id)).toBe('failed');
    expect(await textOf(res.json().id)).toBeNull();
  });

  it('refuses a DOCX zip bomb at upload with 415, storing no row, no object and no job', async () => {
    const id = await candidate();
    const objects = stored();
    const [{ jobs: jobsBefore } = { jobs: 0 }] = await rawRows<{ jobs: number }>(
      t.db,
      sql`select count(*)::int as jobs from jobs where kind = 'candidate_files.read_text'`,
    );
    const res = await upload(id, 'bomb.docx', await docxBomb(51));
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({
      error: 'unsupported_file_type',
      message: expect.stringContaining('zip bomb'),
    });
    const list = await t.app.inject({ url: filesUrl(id), headers: org.alice.headers });
    expect(list.json().data).toEqual([]);
    expect(stored()).toBe(objects);
    const [{ jobs } = { jobs: 0 }] = await rawRows<{ jobs: number }>(
      t.db,
      sql`select count(*)::int as jobs from jobs where kind = 'candidate_files.read_text'`,
    );
    expect(jobs).toBe(jobsBefore);
  });

  it('queues again the files left pending (uploaded before reading, or whose job was lost)', async () => {
    const id = await candidate();
    const res = await upload(id, 'late.txt', Buffer.from('Barbara Liskov, substitution'));
    const fileId = res.json().id;
    await readState(id, fileId);
    // As if uploaded an hour ago and never read.
    await t.db.execute(
      sql`update candidate_files set text = null, text_state = 'pending', created_at = now() - interval '1 hour'
          where id = ${fileId}`,
    );
    const { job } = readPendingJob(fileStoreFor(t.config));
    const controller = new AbortController();
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const result = await job.run(
      {},
      {
        jobId: 0,
        attempt: 1,
        isLastAttempt: false,
        signal: controller.signal,
        db: t.db,
        log,
        progress: async () => {},
      },
    );
    expect(result).toMatchObject({ queued: expect.any(Number) });
    expect(await readState(id, fileId)).toBe('done');
    expect(await textOf(fileId)).toBe('Barbara Liskov, substitution');
  });
});

describe('the read_text job when things go wrong', () => {
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const context = (over: { isLastAttempt?: boolean; signal?: AbortSignal }) => ({
    jobId: 0,
    attempt: 1,
    isLastAttempt: false,
    signal: new AbortController().signal,
    db: t.db,
    log,
    progress: async () => {},
    ...over,
  });
  /** A pending file of its own: the queued job would race the ones run here, so its row is pending again. */
  async function pendingFile() {
    const id = await candidate();
    const file = (await upload(id, 'cv.txt', Buffer.from('Edsger Dijkstra'))).json();
    await readState(id, file.id);
    await t.db.execute(
      sql`update candidate_files set text = null, text_state = 'pending' where id = ${file.id}`,
    );
    return file.id as number;
  }
  const failingStore: FileStore = {
    ...fileStoreFor({ dataDir: '/nonexistent', s3: undefined }),
    get: () => Promise.reject(new Error('The store is down')),
  };
  const stateOf = async (fileId: number) =>
    (
      await rawRows<{ text_state: string }>(
        t.db,
        sql`select text_state from candidate_files where id = ${fileId}`,
      )
    )[0]?.text_state;

  it('throws on a store error to be retried, and marks the file failed on its last run', async () => {
    const fileId = await pendingFile();
    const job = readTextJob(failingStore);
    const payload = { licenceId: org.licence.id, fileId };
    await expect(job.run(payload, context({}))).rejects.toThrow('The store is down');
    expect(await stateOf(fileId)).toBe('pending');
    await expect(job.run(payload, context({ isLastAttempt: true }))).rejects.toThrow('The store is down');
    expect(await stateOf(fileId)).toBe('failed');
  });

  it('leaves the file pending when its reading fails as the worker stops', async () => {
    const fileId = await pendingFile();
    const stopped = new AbortController();
    stopped.abort();
    // A reading that failed as the worker stopped (here: more bytes than are read, as a closed thread would fail).
    const job = readTextJob({
      ...failingStore,
      get: async () => Readable.from([Buffer.alloc(11 * 1024 * 1024)]),
    });
    await expect(
      job.run({ licenceId: org.licence.id, fileId }, context({ signal: stopped.signal })),
    ).rejects.toThrow('Stopped while reading');
    expect(await stateOf(fileId)).toBe('pending');
  });

  it("does nothing for another licence's file id", async () => {
    const fileId = await pendingFile();
    const job = readTextJob(fileStoreFor(t.config));
    expect(await job.run({ licenceId: other.licence.id, fileId }, context({}))).toEqual({
      skipped: 'not pending',
    });
    expect(await stateOf(fileId)).toBe('pending');
  });
});

describe('GET /candidates/:id/files/:fileId/preview', () => {
  const preview = (id: number, fileId: number, headers: Headers = org.alice.headers) =>
    t.app.inject({ url: `${filesUrl(id)}/${fileId}/preview`, headers });

  it('serves a PDF inline as it is, under a sandboxing CSP', async () => {
    const id = await candidate();
    const pdf = await pdfOf([['Preview me']]);
    const file = (await upload(id, 'cv.pdf', pdf)).json();
    const res = await preview(id, file.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    // The download stays an attachment.
    const download = await t.app.inject({ url: `${filesUrl(id)}/${file.id}`, headers: org.alice.headers });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('shows a DOCX as sanitised HTML and text as text', async () => {
    const id = await candidate();
    const docx = (
      await upload(id, 'cv.docx', await docxOf('Grace Hopper', ['<script>alert(1)</script>']))
    ).json();
    const res = await preview(id, docx.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toContain('<h1>Grace Hopper</h1>');
    expect(res.body).not.toMatch(/<script/i);
    const txt = (await upload(id, 'cv.txt', Buffer.from('Plain words'))).json();
    const text = await preview(id, txt.id);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('Plain words');
  });

  it("answers 404 for another licence's file and for another candidate's", async () => {
    const id = await candidate();
    const file = (await upload(id, 'cv.txt', Buffer.from('Mine'))).json();
    expect((await preview(id, file.id, other.alice.headers)).statusCode).toBe(404);
    const elsewhere = await candidate();
    expect((await preview(elsewhere, file.id)).statusCode).toBe(404);
    expect((await preview(id, 999_999)).statusCode).toBe(404);
  });
});
