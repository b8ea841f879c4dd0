import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { OUTBOX_KEEP_NEWEST, pruneOutbox } from './outbox-prune.job.ts';

const DAY = 24 * 3600 * 1000;

function outboxWith(files: { name: string; ageDays: number }[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-outbox-'));
  for (const { name, ageDays } of files) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, 'x');
    const at = new Date(Date.now() - ageDays * DAY);
    fs.utimesSync(file, at, at);
  }
  return dir;
}

describe('the development outbox', () => {
  it('loses messages older than the days kept, and all but the newest 1,000', async () => {
    const dir = outboxWith([
      { name: 'old.eml', ageDays: 8 },
      { name: 'recent.eml', ageDays: 6 },
      { name: 'notes.txt', ageDays: 30 },
      ...Array.from({ length: OUTBOX_KEEP_NEWEST + 5 }, (_, i) => ({ name: `m${i}.eml`, ageDays: i / 1000 })),
    ]);
    expect(await pruneOutbox(dir, 7)).toBe(1 + 5 + 1);
    const left = fs.readdirSync(dir);
    expect(left).toContain('notes.txt');
    expect(left).not.toContain('old.eml');
    expect(left).not.toContain('recent.eml');
    expect(left.filter((f) => f.endsWith('.eml'))).toHaveLength(OUTBOX_KEEP_NEWEST);
    expect(left).toContain('m0.eml');
    expect(left).not.toContain(`m${OUTBOX_KEEP_NEWEST + 4}.eml`);
    expect(await pruneOutbox(path.join(dir, 'missing'), 7)).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('as a job of the queue', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ VIVIER_OUTBOX_KEEP_DAYS: '2' });
    });
    afterAll(() => t.close());

    it('runs when the worker starts and queues its next run an hour later, once', async () => {
      const outbox = path.join(t.config.dataDir, 'outbox');
      fs.mkdirSync(outbox, { recursive: true });
      const stale = path.join(outbox, 'stale.eml');
      fs.writeFileSync(stale, 'x');
      fs.utimesSync(stale, new Date(Date.now() - 3 * DAY), new Date(Date.now() - 3 * DAY));
      await t.app.jobs.start({ pollMs: 20 });
      const deadline = Date.now() + 15_000;
      while (fs.existsSync(stale) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(fs.existsSync(stale)).toBe(false);
      let rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'outbox.prune'));
      while (!rows.some((r) => r.state === 'done') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'outbox.prune'));
      }
      expect(rows.map((r) => r.state).sort()).toEqual(['done', 'queued']);
      const next = rows.find((r) => r.state === 'queued');
      expect(next?.runAt.getTime()).toBeGreaterThan(Date.now() + 3500 * 1000);
    });
  });
});
