import type { AuditEntry, AuditPage } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { Headers, TestApp } from '../../test/harness.ts';
import { recordAudit } from './audit.service.ts';

// The audit log's admin screen (issue 24, decision 192): GET /api/audit_entries and its CSV export.
let t: TestApp;
let org: Organisation;
let other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const list = (query: string, headers: Headers = org.admin.headers) =>
  t.app.inject({ url: `/api/audit_entries${query ? `?${query}` : ''}`, headers });
const page = async (query: string, headers?: Headers) => {
  const res = await list(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};

const write = (db: Db, licenceId: number, entry: Partial<Parameters<typeof recordAudit>[1]>) =>
  db.transaction((tx) =>
    recordAudit(tx, { licenceId, actor: { kind: 'system' }, action: 'retention.run', ...entry }),
  );

beforeAll(async () => {
  // Entries of both licences besides the sign-ins the set-up made: views of candidate 41 by alice, a setting.
  for (const licence of [org, other]) {
    await write(t.db, licence.licence.id, {
      actor: { kind: 'user', id: licence.alice.id, label: licence.alice.email },
      action: 'candidate.view',
      target: { kind: 'candidate', id: 41 },
      address: '198.51.100.7',
    });
    await write(t.db, licence.licence.id, {
      actor: { kind: 'user', id: licence.admin.id, label: licence.admin.email },
      action: 'setting.update',
      target: { kind: 'setting', id: 3 },
      details: { name: 'export', value: 'csv_comma' },
    });
  }
});

describe('GET /api/audit_entries', () => {
  it("answers the licence's entries newest first, a page at a time by keyset, never another licence's", async () => {
    const all = await page('per_page=200');
    const seqs = all.data.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(all.next_before).toBeNull();
    expect(all.data[0]).toMatchObject({
      action: 'setting.update',
      actor_kind: 'user',
      actor_id: org.admin.id,
      actor_label: org.admin.email,
      target_kind: 'setting',
      target_id: 3,
      details: { name: 'export', value: 'csv_comma' },
    });
    expect(all.data[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    const labels = new Set(all.data.map((e) => e.actor_label));
    for (const person of [other.admin, other.alice, other.bob]) expect(labels.has(person.email)).toBe(false);

    const first = await page('per_page=2');
    expect(first.data.map((e) => e.seq)).toEqual(seqs.slice(0, 2));
    expect(first.next_before).toBe(seqs[1]);
    const second = await page(`per_page=2&before=${first.next_before}`);
    expect(second.data.map((e) => e.seq)).toEqual(seqs.slice(2, 4));
  });

  it('filters by action, actor, target and period', async () => {
    const views = await page('action=candidate.view');
    expect(views.data.map((e) => [e.action, e.actor_id])).toEqual([['candidate.view', org.alice.id]]);
    const byAlice = await page(`actor_id=${org.alice.id}`);
    expect(byAlice.data.length).toBeGreaterThan(0);
    expect(byAlice.data.every((e) => e.actor_id === org.alice.id && e.actor_kind === 'user')).toBe(true);
    // Another licence's user: nothing, not even their entries in their own licence.
    expect((await page(`actor_id=${other.alice.id}`)).data).toEqual([]);
    const target = await page('target_kind=candidate&target_id=41');
    expect(target.data.map((e) => e.action)).toEqual(['candidate.view']);
    expect((await page('target_kind=candidate&target_id=42')).data).toEqual([]);

    const all = (await page('per_page=200')).data;
    const newest = all[0] as AuditEntry;
    const at = newest.created_at;
    const fromNewest = await page(`from=${encodeURIComponent(at)}`);
    expect(fromNewest.data.every((e) => e.created_at >= at)).toBe(true);
    expect(fromNewest.data.map((e) => e.seq)).toContain(newest.seq);
    const beforeNewest = await page(`to=${encodeURIComponent(at)}&per_page=200`);
    expect(beforeNewest.data.every((e) => e.created_at < at)).toBe(true);
    expect(beforeNewest.data.length + fromNewest.data.length).toBe(all.length);
    expect((await page('from=2000-01-01&to=2000-01-02')).data).toEqual([]);
    expect((await page('from=2100-01-01')).data).toEqual([]);
  });

  it('refuses bad filters (400), users at any level (403) and anonymous callers (401)', async () => {
    for (const query of [
      'action=candidate.eat',
      'actor_id=abc',
      'actor_id=0',
      'target_id=41',
      'target_kind=planet&target_id=1',
      'from=yesterday',
      'to=2026-13-45',
      'before=-1',
      'per_page=0',
      'per_page=201',
      'sort=seq',
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe('validation_error');
    }
    await t.db.update(users).set({ level: 'other' }).where(sql`${users.id} = ${org.bob.id}`);
    for (const headers of [org.alice.headers, org.bob.headers]) {
      const res = await list('', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
      expect((await t.app.inject({ url: '/api/audit_entries/export', headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/audit_entries' })).statusCode).toBe(401);
  });

  it('offers no route that changes or deletes an entry', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit_entries', '/api/audit_entries/1']) {
        const res = await t.app.inject({ method, url, headers: org.admin.headers, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

describe('GET /api/audit_entries/export', () => {
  it('streams the filtered list as CSV, newest first, with a header row', async () => {
    const res = await t.app.inject({
      url: '/api/audit_entries/export?action=candidate.view',
      headers: org.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log_\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'seq,created_at,actor_kind,actor_id,actor_label,address,action,target_kind,target_id,details,hash',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,user,${org.alice.id},${org.alice.email},198.51.100.7,candidate.view,candidate,41,{},`,
    );

    const everything = await t.app.inject({ url: '/api/audit_entries/export', headers: org.admin.headers });
    const count = (await page('per_page=200')).data.length;
    expect(everything.body.trimEnd().split('\r\n')).toHaveLength(count + 1);
    expect(everything.body).not.toContain(other.alice.email);
  });
});

describe('the indexes serve every filtered page (migration 0024)', () => {
  const plan = (query: ReturnType<typeof sql>) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((line) => line['QUERY PLAN']).join('\n');
    });

  it.each([
    ['no filter', sql`true`, 'audit_entries_licence_seq'],
    ['an action', sql`action = 'candidate.view'`, 'audit_entries_licence_action_seq_idx'],
    ['an actor', sql`actor_id = 7`, 'audit_entries_licence_actor_seq_idx'],
    ['a target', sql`target_kind = 'candidate' and target_id = 41`, 'audit_entries_licence_target_seq_idx'],
  ])('%s: one index range, newest first, no sort', async (_name, condition, index) => {
    const text = await plan(
      sql`select seq from audit_entries where licence_id = 1 and ${condition} order by seq desc limit 51`,
    );
    expect(text).toContain(index);
    expect(text).not.toMatch(/\bSort\b/);
  });
});
