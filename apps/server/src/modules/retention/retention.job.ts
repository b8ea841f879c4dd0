import type { Db } from '../../db/database.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import { runRetention } from './retention.service.ts';
import type { RetentionMailJob } from './retention-mail.job.ts';

const DAILY_MS = 24 * 3600 * 1000;

/**
 * Retention's daily run (issue 24), a periodic job of the durable queue: one queued at most whatever the
 * instances and restarts, and each run idempotent (retention.service.ts), so a run retried after a crash
 * mails and erases nothing twice.
 */
export const retentionJob = (mailJob: RetentionMailJob) =>
  periodicJob('retention.daily', DAILY_MS, ({ db }: { db: Db }) => runRetention(db, mailJob));

export { retentionMailJob } from './retention-mail.job.ts';
