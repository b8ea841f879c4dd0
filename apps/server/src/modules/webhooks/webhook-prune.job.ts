import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { periodicJob } from '../../jobs/periodic.ts';

/** How long an event and its delivery log stay: a month to look into a receiver's failures and resend. */
export const KEEP_EVENT_DAYS = 30;
const BATCH = 5000;

/**
 * Deletes the events older than KEEP_EVENT_DAYS whose deliveries are all finished (their deliveries go with
 * them), oldest first, 5,000 a statement: the log stays a month, the tables do not grow forever. An event not
 * yet fanned out or still waiting for an attempt is kept whatever its age.
 */
export async function pruneWebhookEvents(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - KEEP_EVENT_DAYS * 86_400_000).toISOString();
  let deleted = 0;
  for (;;) {
    const [row] = await rawRows<{ n: number }>(
      db,
      sql`with old as (
            select ev.id from webhook_events ev
            where ev.created_at < ${cutoff}::timestamptz and ev.fanned_out
              and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id and d.state = 'pending')
            order by ev.id
            limit ${BATCH}
          ), gone as (
            delete from webhook_events where id in (select id from old) returning 1
          )
          select count(*)::int as n from gone`,
    );
    const n = Number(row?.n ?? 0);
    deleted += n;
    if (n < BATCH) return { deleted };
  }
}

/** The daily prune, a job of the queue. */
export const webhookPruneJob = () =>
  periodicJob('webhooks.prune', 24 * 3600 * 1000, ({ db }) => pruneWebhookEvents(db));
