import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../cli/commands.ts';
import { auditEntries, settings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recordAudit } from './audit.service.ts';
import { pruneAuditLog } from './audit-prune.job.ts';

// The chain check (`audit verify`, decision 192) and the log's own retention (the daily `audit.prune` job).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const verify = (...args: string[]) => runCommand(['audit', 'verify', ...args], t.database);

/** A licence with `n` entries in its log; answers its id. */
async function licenceWith(n: number) {
  const { licence } = await t.licence();
  for (let i = 0; i < n; i++) {
    await t.db.transaction((tx) =>
      recordAudit(tx, {
        licenceId: licence.id,
        actor: { kind: 'user', id: 1, label: 'admin@example.test' },
        address: '192.0.2.1',
        action: 'candidate.view',
        target: { kind: 'candidate', id: 100 + i },
        details: { n: i, nested: { z: 1, a: [i] } },
      }),
    );
  }
  return licence.id;
}

/** Changes the log around its trigger, as a superuser in SQL could (the test's role owns the table). */
const tamper = (statement: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_entries disable trigger vivier_audit_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_entries enable trigger vivier_audit_append_only`);
  });

const seqsOf = async (licenceId: number) =>
  (
    await t.db
      .select({ seq: auditEntries.seq })
      .from(auditEntries)
      .where(eq(auditEntries.licenceId, licenceId))
      .orderBy(asc(auditEntries.seq))
  ).map((r) => r.seq);

describe('audit verify', () => {
  it('answers OK with the counts of a whole chain, for one licence or all', async () => {
    const id = await licenceWith(5);
    const one = await verify('--licence', String(id));
    expect(one).toEqual({
      code: 0,
      output: expect.stringContaining(`licence ${id}: 5 entries (1 to 5), head matches`),
    });
    expect(one.output).toMatch(/audit verify: OK, 1 licence checked$/);
    const all = await verify();
    expect(all.code).toBe(0);
    expect(all.output).toContain(`licence ${id}: 5 entries`);
  });

  it('names the entry an edit in SQL changed', async () => {
    const id = await licenceWith(5);
    await tamper(
      sql`update audit_entries set details = '{"n": 99}'::jsonb where licence_id = ${id} and seq = 3`,
    );
    expect(await verify('--licence', String(id))).toEqual({
      code: 1,
      output: `audit verify: BROKEN in licence ${id}, entry 3: its hash does not match its content (the entry was changed)`,
    });
    // The whole-log run stops at the first broken licence too, and says which.
    const all = await verify();
    expect(all.code).toBe(1);
    expect(all.output).toContain(`BROKEN in licence ${id}, entry 3`);
  });

  it('names an edit that recomputed the hash by the link after it', async () => {
    const id = await licenceWith(4);
    // A forger who rewrote entry 2 and its hash: entry 3 no longer follows it.
    await tamper(
      sql`update audit_entries set address = '10.6.6.6', hash = repeat('a', 64) where licence_id = ${id} and seq = 2`,
    );
    const out = await verify('--licence', String(id));
    expect(out.code).toBe(1);
    expect(out.output).toContain(`licence ${id}, entry 2: its hash does not match`);
  });

  it('names a deleted entry by the gap it leaves, and a deleted last entry by the head', async () => {
    const id = await licenceWith(6);
    await tamper(sql`delete from audit_entries where licence_id = ${id} and seq = 4`);
    expect(await verify('--licence', String(id))).toEqual({
      code: 1,
      output: `audit verify: BROKEN in licence ${id}, entry 4: missing: entry 4 is gone (the chain jumps from 3 to 5)`,
    });

    const last = await licenceWith(3);
    await tamper(sql`delete from audit_entries where licence_id = ${last} and seq = 3`);
    const out = await verify('--licence', String(last));
    expect(out.code).toBe(1);
    expect(out.output).toContain(
      `licence ${last}, entry 3: missing: the head is at entry 3 but the log ends at 2`,
    );

    const first = await licenceWith(3);
    await tamper(sql`delete from audit_entries where licence_id = ${first} and seq = 1`);
    const start = await verify('--licence', String(first));
    expect(start.code).toBe(1);
    expect(start.output).toContain(`licence ${first}, entry 1: missing: the log starts at entry 2`);
  });

  it('refuses a bad --licence with the usage', async () => {
    expect((await verify('--licence', 'x')).code).toBe(2);
    expect((await verify('--nope')).code).toBe(2);
  });
});

describe('the audit log retention (daily audit.prune job)', () => {
  it('deletes the entries older than the setting, records it, and the pruned log still verifies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-10T09:00:00Z'));
    const id = await licenceWith(3);
    vi.setSystemTime(new Date('2025-09-10T09:00:00Z'));
    await t.db.transaction((tx) =>
      recordAudit(tx, { licenceId: id, actor: { kind: 'system' }, action: 'retention.run' }),
    );
    vi.useRealTimers();

    // A year by default: on 2026-02-01 the January 2025 entries are due, the September one is not.
    const first = await pruneAuditLog(t.db, new Date('2026-02-01T00:00:00Z'));
    expect(first.deleted).toBeGreaterThanOrEqual(3);
    expect(await seqsOf(id)).toEqual([4, 5]);
    const [prune] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.licenceId, id), eq(auditEntries.seq, 5)));
    expect(prune).toMatchObject({
      action: 'audit.prune',
      actorKind: 'system',
      targetKind: 'licence',
      targetId: id,
      details: { count: 3, last_seq: 3, months: 12, before: '2025-02-01T00:00:00.000Z' },
    });
    expect((prune?.details as { last_hash?: string } | undefined)?.last_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verify('--licence', String(id))).toMatchObject({ code: 0 });

    // Idempotent: the same day again finds nothing and writes nothing.
    await pruneAuditLog(t.db, new Date('2026-02-01T00:00:00Z'));
    expect(await seqsOf(id)).toEqual([4, 5]);

    // A shorter setting prunes further, and the log, pruned twice, still verifies.
    await t.db
      .update(settings)
      .set({ value: '3' })
      .where(and(eq(settings.licenceId, id), eq(settings.name, 'audit_retention_months')));
    await pruneAuditLog(t.db, new Date('2026-02-01T00:00:00Z'));
    const [after] = await seqsOf(id);
    expect(after).toBeGreaterThan(4);
    expect(await verify('--licence', String(id))).toMatchObject({ code: 0 });

    // An entry deleted before the first remaining one (around the trigger) is caught: no prune names it.
    await tamper(sql`delete from audit_entries where licence_id = ${id} and seq = ${after}`);
    const out = await verify('--licence', String(id));
    expect(out.code).toBe(1);
    expect(out.output).toContain(`licence ${id}, entry ${after}: missing`);
  });

  it('the trigger still refuses a delete outside the prune', async () => {
    const id = await licenceWith(1);
    await expect(t.db.execute(sql`delete from audit_entries where licence_id = ${id}`)).rejects.toThrow();
    expect(await seqsOf(id)).toEqual([1]);
  });
});
