import { and, asc, eq, gt } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, settings } from '../../db/schema/index.ts';
import { insertOffer } from '../../test/fixtures/job-applications.ts';
import { insertCandidates, type Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';
import { PASSWORD } from '../../test/harness.ts';

// Which acts write an audit entry, in the act's transaction (issue 24, decision 192), and what each entry says.
let t: TestApp;
let org: Organisation;
let other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

let mark = 0;
/** The licence's entries written since the last `beforeEach`. */
const newEntries = (licenceId: number) =>
  t.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.licenceId, licenceId), gt(auditEntries.id, mark)))
    .orderBy(asc(auditEntries.seq));
beforeEach(async () => {
  const [last] = await t.db.select({ id: auditEntries.id }).from(auditEntries).orderBy(asc(auditEntries.id));
  const all = await t.db.select({ id: auditEntries.id }).from(auditEntries);
  mark = Math.max(0, last?.id ?? 0, ...all.map((r) => r.id));
});

const login = (email: string, password: string, address = '203.0.113.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: address,
  });

describe('sign-ins', () => {
  it('a sign-in is recorded with its address and method', async () => {
    expect((await login(org.alice.email, PASSWORD)).statusCode).toBe(200);
    expect(await newEntries(org.licence.id)).toMatchObject([
      {
        action: 'auth.sign_in',
        actorKind: 'user',
        actorId: org.alice.id,
        actorLabel: org.alice.email,
        address: '203.0.113.9',
        targetKind: 'user',
        targetId: org.alice.id,
        details: { method: 'password' },
      },
    ]);
  });

  it("a wrong password is recorded in the account's licence; an unknown address nowhere", async () => {
    expect((await login(org.bob.email, 'not the password')).statusCode).toBe(401);
    expect((await login('nobody@nowhere.test', 'not the password')).statusCode).toBe(401);
    expect(await newEntries(org.licence.id)).toMatchObject([
      {
        action: 'auth.sign_in_failed',
        actorId: org.bob.id,
        details: { method: 'password', reason: 'wrong_password' },
      },
    ]);
    expect(await newEntries(other.licence.id)).toEqual([]);
    const all = await t.db.select().from(auditEntries).where(gt(auditEntries.id, mark));
    expect(JSON.stringify(all)).not.toContain('nobody@nowhere.test');
  });
});

describe('users and settings', () => {
  it('records a user created, changed (field names, role and level values, no password) and deleted', async () => {
    const headers = org.admin.headers;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        email: 'new.user@audit.test',
        password: 'a fresh passphrase 42',
        first_name: 'New',
        last_name: 'User',
        role: 'user',
        level: 'manager',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers,
      payload: { role: 'admin', level: 'other', password: 'another passphrase 43', first_name: 'Neo' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers })).statusCode).toBe(204);

    const entries = await newEntries(org.licence.id);
    expect(entries).toMatchObject([
      {
        action: 'user.create',
        actorId: org.admin.id,
        targetId: id,
        details: { role: 'user', level: 'manager' },
      },
      {
        action: 'user.update',
        targetId: id,
        details: {
          fields: ['first_name', 'level', 'password', 'role'],
          role: { from: 'user', to: 'admin' },
          level: { from: 'manager', to: 'other' },
        },
      },
      { action: 'user.delete', targetId: id },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/passphrase|Neo/);
  });

  it('records a setting changed, by name', async () => {
    const [setting] = await t.db
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.licenceId, org.licence.id), eq(settings.name, 'transparency')));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/settings/${setting?.id}`,
      headers: org.admin.headers,
      payload: { value: { type: 'opaque' } },
    });
    expect(res.statusCode).toBe(200);
    expect(await newEntries(org.licence.id)).toMatchObject([
      {
        action: 'setting.update',
        targetKind: 'setting',
        targetId: setting?.id,
        details: { name: 'transparency', value: 'opaque' },
      },
    ]);
  });
});

describe('candidates, files, exports and imports', () => {
  it('records a profile viewed, a file downloaded and previewed; a missing one is not recorded', async () => {
    const [id] = await insertCandidates(t, org.licence.id, 1);
    const headers = org.alice.headers;
    expect((await t.app.inject({ url: `/api/candidates/${id}`, headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/candidates/${id}`, headers: other.admin.headers })).statusCode,
    ).toBe(404);
    const boundary = 'audit-boundary';
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${id}/files`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json().id as number;
    expect((await t.app.inject({ url: `/api/candidates/${id}/files/${fileId}`, headers })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: `/api/candidates/${id}/files/${fileId}/preview`, headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/candidates/${id}/files/${fileId + 999}`, headers })).statusCode,
    ).toBe(404);
    expect(await newEntries(org.licence.id)).toMatchObject([
      { action: 'candidate.view', actorId: org.alice.id, targetKind: 'candidate', targetId: id },
      {
        action: 'candidate_file.download',
        targetKind: 'candidate_file',
        targetId: fileId,
        details: { as: 'download' },
      },
      {
        action: 'candidate_file.download',
        targetKind: 'candidate_file',
        targetId: fileId,
        details: { as: 'preview' },
      },
    ]);
    expect(await newEntries(other.licence.id)).toEqual([]);
  });

  it('records an export (offer, rows, format) and an import (rows, created)', async () => {
    const offerId = await insertOffer(t, org.licence.id, org.admin.id, 'Audited offer');
    const exported = await t.app.inject({
      url: `/api/job_offers/${offerId}/export?format=csv_comma`,
      headers: org.admin.headers,
    });
    expect(exported.statusCode).toBe(200);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/candidates/import?mapping[first_name]=0&mapping[emails]=1',
      headers: { ...org.alice.headers, 'content-type': 'text/csv' },
      payload: 'First,Email\nAnna,anna@import.test\nBert,bert@import.test\n',
    });
    expect(imported.statusCode).toBe(200);
    const entries = await newEntries(org.licence.id);
    expect(entries).toMatchObject([
      {
        action: 'job_offer.export',
        targetKind: 'job_offer',
        targetId: offerId,
        details: { rows: 0, format: 'csv_comma' },
      },
      { action: 'candidate.import', actorId: org.alice.id, details: { rows: 2, created: 2, merged: 0 } },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/anna|bert/i);
  });
});
