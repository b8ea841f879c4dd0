import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { NEEDLES, PERSON, scanDatabase, scanFiles, seedPerson } from './erasure.fixtures.ts';

/** Waits until no job of `kind` is queued or running (the worker runs them). */
async function drained(t: TestApp, kind: string) {
  for (let i = 0; i < 500; i++) {
    const result = (await t.db.execute(
      sql`select count(*)::int as n from jobs where kind = ${kind} and state in ('queued', 'running')`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(result.rows[0]?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${kind} jobs did not end`);
}

/**
 * Issue 24's "Done when" for erasure: after a candidate is erased, a scan of every text column of every table
 * (information_schema), the file storage (disk, then S3) and the outbox finds none of the person's name,
 * emails, phones or CV words. Another licence's person, the same on paper, is untouched.
 */
describe.each([
  { store: 'disk', inS3: false },
  { store: 'S3', inS3: true },
])('erasure leaves nothing of the person ($store)', ({ inS3 }) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    s3 = inS3 ? await startS3Server() : undefined;
    t = await createTestApp(s3?.env ?? {});
    await t.app.jobs.start({ pollMs: 20, backoffMs: 20 });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('finds none of the name, emails, phones or CV words anywhere after the erasure', async () => {
    const mine = await t.licence();
    const seeded = await seedPerson(t, mine.licence.id, mine.admin.id);
    const fileStore = inS3 && s3 ? s3.directory : path.join(t.dataDir, 'files');
    // The seed is found before: the scan would see it.
    expect((await scanDatabase(t, [PERSON.lastName])).length).toBeGreaterThan(5);
    expect(scanFiles(fileStore, PERSON.cvWords).length).toBeGreaterThan(0);
    expect(t.outbox().some((mail) => mail.includes(PERSON.emails[1] ?? '?'))).toBe(true);

    const { jwt } = await t.login(mine.admin.email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${seeded.candidateId}/erase`,
      headers: t.auth(jwt),
      payload: { confirmation: ` ${PERSON.firstName.toUpperCase()}   ${PERSON.lastName} ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased: 1 });
    await drained(t, 'privacy.erase_stored');

    expect(await scanDatabase(t, NEEDLES)).toEqual([]);
    expect(scanFiles(fileStore, NEEDLES)).toEqual([]);
    const store = fileStoreFor(t.config);
    for (const key of seeded.keys) expect(await store.get(key)).toBeUndefined();
    const outbox = t.outbox();
    expect(
      outbox.filter((mail) => NEEDLES.some((n) => mail.toLowerCase().includes(n.toLowerCase()))),
    ).toEqual([]);
    expect(outbox.some((mail) => mail.includes('someone.else@example.com'))).toBe(true);
    // What stays is counted, not named: the tombstone and its application's status and dates.
    const kept = (await t.db.execute(
      sql`select c.erased_at is not null as erased, c.first_name, ja.id as application, ja.created_at is not null as dated
          from candidates c join job_applications ja on ja.candidate_id = c.id where c.id = ${seeded.candidateId}`,
    )) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([
      { erased: true, first_name: null, application: seeded.applicationId, dated: true },
    ]);
  });
});
