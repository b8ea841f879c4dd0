import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { jobs } from './schema/index.ts';

it('is not queued on a PostgreSQL server, whose autovacuum does the work (decision 264)', async () => {
  const t = await createTestApp();
  try {
    await t.app.jobs.start({ pollMs: 20 });
    // The worker's start queues every periodic job at once: by the time the queue's own prune is done, the
    // maintenance would have been queued beside it.
    const deadline = Date.now() + 15_000;
    const pruned = () => t.db.select().from(jobs).where(eq(jobs.kind, 'jobs.prune'));
    while (!(await pruned()).some((row) => row.state === 'done') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await pruned()).some((row) => row.state === 'done')).toBe(true);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'database.maintain'))).toEqual([]);
  } finally {
    await t.close();
  }
});
