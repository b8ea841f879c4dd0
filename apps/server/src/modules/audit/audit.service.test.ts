import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, auditHeads } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { recordAudit } from './audit.service.ts';
import { entryHash, GENESIS_HASH } from './audit-chain.ts';

let t: TestApp;
let licenceId: number;
let otherLicenceId: number;
beforeAll(async () => {
  t = await createTestApp();
  licenceId = (await t.licence()).licence.id;
  otherLicenceId = (await t.licence()).licence.id;
});
afterAll(() => t.close());

const entriesOf = (licence: number) =>
  t.db.select().from(auditEntries).where(eq(auditEntries.licenceId, licence)).orderBy(asc(auditEntries.seq));

describe('recordAudit (decision 192)', () => {
  it('chains each licence entries: consecutive numbers, each hash over the one before', async () => {
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, {
        licenceId,
        actor: { kind: 'user', id: 7, label: 'admin@org1.test' },
        address: '10.0.0.1',
        action: 'setting.update',
        target: { kind: 'setting', id: 3 },
        details: { name: 'export', value: 'admin', nested: { b: 1, a: [2, 1] } },
      });
      await recordAudit(tx, { licenceId, actor: { kind: 'system' }, action: 'retention.run' });
    });
    await recordAudit(t.db, {
      licenceId: otherLicenceId,
      actor: { kind: 'system' },
      action: 'retention.run',
    });
    // Parallel writers of one licence take turns on its head: no gap, no duplicate.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.db.transaction((tx) =>
          recordAudit(tx, {
            licenceId,
            actor: { kind: 'candidate', id: i },
            action: 'privacy_request.create',
          }),
        ),
      ),
    );

    const rows = await entriesOf(licenceId);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    let prev = GENESIS_HASH;
    for (const row of rows) {
      expect(row.prevHash).toBe(prev);
      expect(entryHash(row.prevHash, row)).toBe(row.hash);
      prev = row.hash;
    }
    expect(rows[0]).toMatchObject({
      actorKind: 'user',
      actorId: 7,
      actorLabel: 'admin@org1.test',
      address: '10.0.0.1',
    });
    const [head] = await t.db.select().from(auditHeads).where(eq(auditHeads.licenceId, licenceId));
    expect(head).toMatchObject({ seq: 7, hash: prev });
    expect((await entriesOf(otherLicenceId)).map((r) => [r.seq, r.prevHash])).toEqual([[1, GENESIS_HASH]]);
  });

  it('an entry rolled back with its act leaves no trace and no gap', async () => {
    const before = (await entriesOf(licenceId)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, { licenceId, actor: { kind: 'system' }, action: 'retention.run' });
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    await recordAudit(t.db, { licenceId, actor: { kind: 'system' }, action: 'retention.run' });
    expect((await entriesOf(licenceId)).map((r) => r.seq)).toEqual(
      Array.from({ length: before + 1 }, (_, i) => i + 1),
    );
  });

  it('refuses to update or delete an entry, whoever asks', async () => {
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'written',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(t.db.execute(sql`update audit_entries set action = 'x'`))).toBe(
      'audit entries are append-only',
    );
    expect(await refusal(t.db.execute(sql`delete from audit_entries`))).toBe('audit entries are append-only');
    expect((await entriesOf(licenceId)).every((r) => r.action !== 'x')).toBe(true);
  });
});
