import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidateFiles } from '../../db/schema/index.ts';
import { insertCandidates, type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';
import { userActor } from '../audit/audit.service.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { SWEEP_GRACE_MS, sweepOrphanFiles } from '../candidate-files/candidate-files-sweep.job.ts';
import { newStorageKey } from '../candidate-files/file-store.ts';
import { eraseCandidates, isErased } from './erasure.service.ts';

let t: TestApp;
withTestApp((app) => {
  t = app;
});
let org: Organisation;
let other: Organisation;
beforeAll(async () => {
  org = await organisation(t);
  other = await organisation(t);
  await t.app.jobs.start({ pollMs: 20, backoffMs: 20 });
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const erase = (id: number, headers: Record<string, string>, confirmation = 'Candidate 0 Test') =>
  t.app.inject({ method: 'POST', url: `/api/candidates/${id}/erase`, headers, payload: { confirmation } });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  for (let i = 0; i < 1500; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never done');
}

describe('POST /api/candidates/{id}/erase', () => {
  it('erases for good, audits with ids and counts only, and finds the candidate no more', async () => {
    const [id = 0] = await insertCandidates(t, org.licence.id, 1);
    const res = await erase(id, org.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await isErased(t.db, org.licence.id, id)).toBe(true);
    const [entry] = await rows<{ action: string; target_id: number; details: Record<string, unknown> }>(
      sql`select action, target_id, details from audit_entries
          where licence_id = ${org.licence.id} and action = 'candidate.erase' and target_id = ${id}`,
    );
    expect(entry?.details).toMatchObject({
      reason: 'admin',
      mode: 'erase',
      candidates: 1,
      candidate_ids: [id],
    });
    expect(JSON.stringify(entry)).not.toContain('Candidate 0');
    // Irreversible: a second erasure finds no candidate, the search does not show it.
    expect((await erase(id, org.admin.headers)).statusCode).toBe(404);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/candidates/search?filters[search]=Candidate',
      headers: org.admin.headers,
    });
    expect(search.json().data.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it('erases once when two tabs confirm at once: the other is told the candidate is gone (404)', async () => {
    const [id = 0] = await insertCandidates(t, org.licence.id, 1);
    const both = await Promise.all([erase(id, org.admin.headers), erase(id, org.admin.headers)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    const entries = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_entries
          where licence_id = ${org.licence.id} and action = 'candidate.erase' and target_id = ${id}`,
    );
    expect(entries[0]?.n).toBe(1);
  });

  it('refuses a user (403), a wrong name (422, nothing erased), another licence (404, untouched)', async () => {
    const [id = 0] = await insertCandidates(t, org.licence.id, 1);
    expect((await erase(id, org.alice.headers)).statusCode).toBe(403);
    const wrong = await erase(id, org.admin.headers, 'Candidate 1 Test');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      error: 'confirmation_mismatch',
      message: "The name typed is not the candidate's full name",
    });
    expect((await erase(id, other.admin.headers)).statusCode).toBe(404);
    expect(await isErased(t.db, org.licence.id, id)).toBe(false);
    const [row] = await rows<{ first_name: string }>(sql`select first_name from candidates where id = ${id}`);
    expect(row?.first_name).toBe('Candidate 0');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${id}/erase`,
      headers: org.admin.headers,
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a tombstone', () => {
  it('reads as erased, with nothing about the person, and takes no write (404)', async () => {
    const [id = 0] = await insertCandidates(t, org.licence.id, 1);
    const tag = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: org.admin.headers,
      payload: { name: `tomb-${randomBytes(4).toString('hex')}` },
    });
    const tagId = tag.json().id as number;
    expect((await erase(id, org.admin.headers)).statusCode).toBe(200);

    const read = await t.app.inject({ url: `/api/candidates/${id}`, headers: org.alice.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, full_name: '', email: null, tags: [] });
    expect(Date.parse(read.json().erased_at)).toBeGreaterThan(Date.now() - 60_000);

    const boundary = '----vivier-tombstone';
    const file = Buffer.from('Plain CV text of nobody');
    const writes = [
      {
        method: 'PATCH',
        url: `/api/candidates/${id}`,
        payload: { candidate: { manual_data: { first_name: 'Back' } } },
      },
      {
        method: 'PATCH',
        url: `/api/candidates/${id}/add_contact`,
        payload: { type: 'email', value: 'back@example.com' },
      },
      { method: 'POST', url: `/api/candidates/${id}/tags/${tagId}` },
      { method: 'POST', url: `/api/candidates/${id}/notes`, payload: { content: '<p>Still here?</p>' } },
      {
        method: 'POST',
        url: `/api/candidates/${id}/files`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      },
    ] as const;
    for (const write of writes) {
      const res = await t.app.inject({
        method: write.method,
        url: write.url,
        headers: { ...org.admin.headers, ...('headers' in write ? write.headers : {}) },
        ...('payload' in write ? { payload: write.payload } : {}),
      });
      expect([write.url, res.statusCode]).toEqual([write.url, 404]);
    }
    const [left] = await rows<{
      manual: string;
      contacts: number;
      tags: number;
      notes: number;
      files: number;
    }>(
      sql`select c.manual_data::text as manual,
            (select count(*)::int from candidate_contacts where candidate_id = c.id) as contacts,
            cardinality(c.tag_ids) as tags,
            (select count(*)::int from candidate_notes where candidate_id = c.id) as notes,
            (select count(*)::int from candidate_files where candidate_id = c.id) as files
          from candidates c where c.id = ${id}`,
    );
    expect(left).toEqual({ manual: '{}', contacts: 0, tags: 0, notes: 0, files: 0 });
  });
});

describe('anonymise', () => {
  it('keeps the history of the applications without text, the emails and consents counted', async () => {
    const [id = 0] = await insertCandidates(t, org.licence.id, 1);
    await t.db.execute(sql`insert into candidate_events (licence_id, candidate_id, kind, data) values
      (${org.licence.id}, ${id}, 'status_changed', '{"to": {"id": 1, "name": "Hired"}, "reason_text": "nice"}'),
      (${org.licence.id}, ${id}, 'contact_added', '{"type": "email", "value": "x@y.z"}')`);
    await t.db.execute(sql`insert into candidate_consents (licence_id, candidate_id, text, address)
      values (${org.licence.id}, ${id}, 'Notice v1', '198.51.100.1')`);
    await t.db.transaction((tx) =>
      eraseCandidates(tx, {
        licenceId: org.licence.id,
        candidateIds: [id, id],
        actor: userActor({ userId: org.admin.id, email: org.admin.email }),
        reason: 'retention',
        mode: 'anonymise',
      }),
    );
    expect(await rows(sql`select kind, data from candidate_events where candidate_id = ${id}`)).toEqual([
      { kind: 'status_changed', data: { to: { id: 1, name: 'Hired' } } },
    ]);
    expect(await rows(sql`select text, address from candidate_consents where candidate_id = ${id}`)).toEqual([
      { text: 'Notice v1', address: '' },
    ]);
  });
});

describe('bulk erasure', () => {
  it('erases a search on the queue, with progress, and refuses a wrong count', async () => {
    const ids = await insertCandidates(t, org.licence.id, 3);
    await t.db.execute(
      sql`update candidates set last_name = 'Bulkerase' where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const body = (confirmation: string) => ({ filters: { search: 'bulkerase' }, confirmation });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/candidate_erasures',
      headers: org.admin.headers,
      payload: body('2'),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toContain('3');
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/candidate_erasures',
      headers: org.alice.headers,
      payload: body('3'),
    });
    expect(denied.statusCode).toBe(403);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/candidate_erasures',
      headers: org.admin.headers,
      payload: body('3'),
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json();
    const progress = () =>
      t.app.inject({ method: 'GET', url: `/api/candidate_erasures/${id}`, headers: org.admin.headers });
    const end = await until(
      async () => (await progress()).json(),
      (p) => p.finished,
    );
    expect(end).toMatchObject({ total: 3, done: 3, erased: 3, finished: true });
    for (const candidateId of ids) expect(await isErased(t.db, org.licence.id, candidateId)).toBe(true);
    const other404 = await t.app.inject({
      method: 'GET',
      url: `/api/candidate_erasures/${id}`,
      headers: other.admin.headers,
    });
    expect(other404.statusCode).toBe(404);
  });

  it('erases what a search in CVs finds (names and CV words), within its legal basis, as the screen counts it', async () => {
    const word = `zyx${randomBytes(4).toString('hex')}`;
    const [byName = 0, byCv = 0, consented = 0, untouched = 0] = await insertCandidates(t, org.licence.id, 4);
    await t.db.execute(sql`update candidates set last_name = ${word} where id = ${byName}`);
    for (const candidateId of [byCv, consented]) {
      await t.db.insert(candidateFiles).values({
        licenceId: org.licence.id,
        candidateId,
        name: 'cv.txt',
        storageKey: newStorageKey(),
        mediaType: 'text/plain',
        size: 40,
        text: `Ten years of ${word} in production`,
        textState: 'done',
      });
    }
    await t.db.execute(sql`update candidates set legal_basis = 'consent' where id = ${consented}`);
    const start = (filters: object, confirmation: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/candidate_erasures',
        headers: org.admin.headers,
        payload: { filters, confirmation },
      });
    // The screen's count for the same filters is what the admin types.
    const search = await t.app.inject({
      url: `/api/candidates/search?filters[search]=${word}&filters[in_cvs]=true&filters[legal_basis]=consent`,
      headers: org.admin.headers,
    });
    expect(search.json().total_count).toBe(1);
    const wrong = await start({ search: word, in_cvs: 'true' }, '2');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toContain('3');
    const consentOnly = await start({ search: word, in_cvs: 'true', legal_basis: 'consent' }, '1');
    expect(consentOnly.statusCode, consentOnly.body).toBe(202);
    await until(
      async () => isErased(t.db, org.licence.id, consented),
      (erased) => erased,
    );
    const rest = await start({ search: word, in_cvs: 'true' }, '2');
    expect(rest.statusCode, rest.body).toBe(202);
    await until(
      async () => (await isErased(t.db, org.licence.id, byName)) && isErased(t.db, org.licence.id, byCv),
      (erased) => erased,
    );
    expect(await isErased(t.db, org.licence.id, untouched)).toBe(false);
  });

  it("takes a list of ids, and erases none of another licence's", async () => {
    const [theirs = 0] = await insertCandidates(t, other.licence.id, 1);
    const [mine = 0] = await insertCandidates(t, org.licence.id, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/candidate_erasures',
      headers: org.admin.headers,
      payload: { candidate_ids: [mine, theirs], confirmation: '1' },
    });
    expect(res.statusCode, res.body).toBe(202);
    await until(
      async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/candidate_erasures/${res.json().id}`,
            headers: org.admin.headers,
          })
        ).json(),
      (p) => p.finished,
    );
    expect(await isErased(t.db, org.licence.id, mine)).toBe(true);
    expect(await isErased(t.db, other.licence.id, theirs)).toBe(false);
  });
});

describe('crash safety of the stored objects', () => {
  it('leaves to the orphan sweeper an object whose deletion never ran', async () => {
    const [id = 0] = await insertCandidates(t, org.licence.id, 1);
    const store = fileStoreFor(t.config);
    const key = randomBytes(16).toString('hex');
    await store.put(key, Readable.from([Buffer.from('CV of a person to forget')]));
    await t.db.execute(sql`insert into candidate_files (licence_id, candidate_id, name, storage_key, media_type, size)
      values (${org.licence.id}, ${id}, 'cv.txt', ${key}, 'text/plain', 24)`);
    // The erasure commits; its object job is then lost (as if the process died before the worker ran it).
    await t.db.transaction(async (tx) => {
      await eraseCandidates(tx, {
        licenceId: org.licence.id,
        candidateIds: [id],
        actor: { kind: 'system' },
        reason: 'retention',
      });
      await tx.execute(
        sql`delete from jobs where kind = 'privacy.erase_stored' and payload->'keys' ? ${key}`,
      );
    });
    expect(await store.get(key)).toBeDefined();
    // The hourly sweep, once the object is past its grace period, deletes it: no row names it any more.
    const later = new Date(Date.now() + 2 * SWEEP_GRACE_MS);
    await sweepOrphanFiles(t.db, store, later);
    expect(await store.get(key)).toBeUndefined();
  });
});
