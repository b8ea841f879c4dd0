import { SAVED_SEARCH_ALERT_NAMES_MAX, SAVED_SEARCH_DIGEST_HOUR_UTC } from '@vivier/contract/constants';
import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { setLocal } from '../../db/planner-settings.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { candidates, notifications, savedSearches } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import type { JobContext } from '../../jobs/job-kind.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import { enqueue } from '../../jobs/queue.ts';
import { createdSinceCondition } from '../candidates/candidate-search.conditions.ts';
import type { SavedSearchAlertMailJob } from './saved-search-alert-mail.job.ts';
import { filtersOf } from './saved-searches.queries.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How far before its mark a run looks again (decision 209): a candidate's `created_at` is its transaction's
 * start, so one created in a transaction still open when the previous run read (an import) has a time before
 * that run's mark. The alerted table keeps such a second look from alerting anyone twice.
 */
export const ALERT_LOOK_BACK_MS = 15 * 60_000;

/** The last time daily digests were due at or before `now`: today's digest hour (UTC), or yesterday's. */
export function lastDigestAt(now: Date): Date {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    SAVED_SEARCH_DIGEST_HOUR_UTC,
  );
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

type AlertingSearch = {
  id: number;
  search: string;
  tags: string[];
  inCvs: boolean;
  source: string | null;
  legalBasis: string | null;
};

export type AlertRun = { searches: number; alerted: number; candidates: number; failed?: number };

/** Searches matched in one statement and one transaction. */
export const ALERT_CHUNK = 50;

/**
 * One alert run (issue 28, decision 209): for each licence with alerting saved searches, each search due (an
 * instant one every run, a daily one once past the digest hour) takes the candidates created since its mark
 * (less the look-back, not before the alert was turned on) up to the run's time that match its conditions
 * and were never alerted for it. Searches go 50 at a time, each 50 in one transaction: one statement matches
 * them all (a branch per search, the candidate search's own conditions) and records the matches as alerted (a
 * unique key per search and candidate), one notification per search with matches and its queued mail name
 * them, and the marks move on. A crash before the commit leaves all as it was, after it all is done, so
 * nothing is mailed twice. `now` stands for the database's clock (tests).
 */
export async function runSavedSearchAlerts(
  db: Db,
  mailJob: SavedSearchAlertMailJob,
  options: { now?: Date; wake?: () => void; log?: JobContext['log'] } = {},
): Promise<AlertRun> {
  const now = options.now ?? (await databaseNow(db));
  const digestDue = lastDigestAt(now);
  const run: AlertRun = { searches: 0, alerted: 0, candidates: 0, failed: 0 };
  for (const licenceId of await alertingLicences(db)) {
    const due = await db
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(
        and(
          scoped(savedSearches, licenceId),
          ne(savedSearches.alert, 'off'),
          or(
            eq(savedSearches.alert, 'instant'),
            sql`${savedSearches.alertedUpTo} < ${digestDue.toISOString()}::timestamptz`,
          ),
          sql`${savedSearches.alertedUpTo} < ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(savedSearches.id));
    for (let from = 0; from < due.length; from += ALERT_CHUNK) {
      const ids = due.slice(from, from + ALERT_CHUNK).map((row) => row.id);
      // A chunk that fails is left as it was (its transaction rolled back) and tried again at the next run; the
      // others go on, and the periodic job keeps its schedule.
      const chunk = await alertChunk(db, mailJob, licenceId, ids, { now, digestDue }).catch(
        (error: unknown) => {
          options.log?.error({ err: error, licenceId, savedSearchIds: ids }, 'saved search alerts failed');
          run.failed = (run.failed ?? 0) + ids.length;
          return { searches: 0, alerted: 0, candidates: 0 };
        },
      );
      run.searches += chunk.searches;
      run.alerted += chunk.alerted;
      run.candidates += chunk.candidates;
    }
  }
  if (run.alerted > 0) options.wake?.();
  return run;
}

/**
 * The database's time, rounded up to the millisecond: a JavaScript date holds milliseconds and the database
 * microseconds, so `now()` cut down could fall before a candidate created in the same millisecond, which the
 * run's `created_at <= now` would then leave to the next run (seen in the alerts test on a quiet machine).
 */
async function databaseNow(db: Db): Promise<Date> {
  const [row] = await rawRows<{ now: string | Date }>(
    db,
    sql`select date_trunc('milliseconds', now() + interval '999 microseconds') as now`,
  );
  return new Date(row?.now ?? Date.now());
}

/** The licences with a saved search that alerts, from saved_searches_alerting_idx. */
async function alertingLicences(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ licenceId: savedSearches.licenceId })
    .from(savedSearches)
    .where(ne(savedSearches.alert, 'off'))
    .orderBy(asc(savedSearches.licenceId));
  return rows.map((row) => row.licenceId);
}

/** One branch of the chunk's statement: a search's new matches not alerted yet. */
function matchesOf(licenceId: number, search: AlertingSearch, since: Date, now: Date): SQL {
  const where = createdSinceCondition(licenceId, filtersOf(search), since, now);
  return sql`(select ${search.id}::int as saved_search_id, ${candidates.id} as candidate_id from ${candidates}
    where ${where} and not exists (
      select 1 from saved_search_alerted a
      where a.saved_search_id = ${search.id} and a.candidate_id = ${candidates.id}))`;
}

/** Alerts the owners of up to ALERT_CHUNK saved searches of one licence of their new matches. */
async function alertChunk(
  db: Db,
  mailJob: SavedSearchAlertMailJob,
  licenceId: number,
  ids: number[],
  { now, digestDue }: { now: Date; digestDue: Date },
): Promise<AlertRun> {
  const idArray = `{${ids.join(',')}}`;
  return db.transaction(async (tx) => {
    // The chunk's statement is large and its cost estimate high: compiling it (JIT) took longer than running it.
    setLocal(tx, { jit: 'off' });
    // The searches' rows held to the commit: a second run at the same time (a lease run out) waits, then finds
    // the marks moved on; a search deleted or turned off meanwhile is left alone.
    const locked = await rawRows<{
      id: number;
      owner_id: number;
      alert: 'off' | 'instant' | 'daily';
      search: string;
      tags: string[];
      in_cvs: boolean;
      source: string | null;
      legal_basis: string | null;
      alerted_up_to: string | Date;
      alert_since: string | Date;
    }>(
      tx,
      sql`select s.id, s.owner_id, s.alert, s.search, s.tags, s.in_cvs, s.source, s.legal_basis,
            s.alerted_up_to, s.alert_since
          from saved_searches s
          where ${scopedSql('s', licenceId)} and s.id = any(${idArray}::int[]) and s.alert <> 'off'
          order by s.id
          for update`,
    );
    const searches = locked.filter((row) => {
      const mark = new Date(row.alerted_up_to);
      return mark < now && (row.alert === 'instant' || mark < digestDue);
    });
    const run: AlertRun = { searches: searches.length, alerted: 0, candidates: 0 };
    if (searches.length === 0) return run;
    const branches = searches.map((row) => {
      const mark = new Date(row.alerted_up_to).getTime();
      const since = new Date(Math.max(mark - ALERT_LOOK_BACK_MS, new Date(row.alert_since).getTime()));
      const search: AlertingSearch = {
        id: Number(row.id),
        search: row.search,
        tags: row.tags,
        inCvs: row.in_cvs,
        source: row.source,
        legalBasis: row.legal_basis,
      };
      return matchesOf(licenceId, search, since, now);
    });
    // Recorded as alerted, and answered per search: how many, and the first names' ids (not every row).
    const alerted = await rawRows<{ saved_search_id: number; total: number; first: number[] }>(
      tx,
      sql`with added as (
            insert into saved_search_alerted (saved_search_id, candidate_id, alerted_at)
            select m.saved_search_id, m.candidate_id, ${now.toISOString()}::timestamptz
            from (${sql.join(branches, sql` union all `)}) m
            on conflict do nothing
            returning saved_search_id, candidate_id)
          select saved_search_id, count(*)::int as total,
            (array_agg(candidate_id order by candidate_id))[1:${SAVED_SEARCH_ALERT_NAMES_MAX}] as first
          from added group by saved_search_id order by saved_search_id`,
    );
    const bySearch = new Map(alerted.map((row) => [Number(row.saved_search_id), row]));
    const withMatches = searches.filter((row) => bySearch.has(Number(row.id)));
    if (withMatches.length > 0) {
      const made = await tx
        .insert(notifications)
        .values(
          withMatches.map((row) => {
            const found = bySearch.get(Number(row.id));
            return {
              licenceId,
              userId: Number(row.owner_id),
              kind: 'saved_search',
              candidateId: Number(found?.first[0]),
              savedSearchId: Number(row.id),
              matchCount: Number(found?.total),
            };
          }),
        )
        .returning({ id: notifications.id, savedSearchId: notifications.savedSearchId });
      for (const notification of made) {
        const row = withMatches.find((s) => Number(s.id) === notification.savedSearchId);
        const found = bySearch.get(Number(notification.savedSearchId));
        if (!found) continue;
        await enqueue(tx, mailJob, {
          licenceId,
          notificationId: notification.id,
          candidateIds: found.first.map(Number),
          total: Number(found.total),
          digest: row?.alert === 'daily',
        });
        run.alerted++;
        run.candidates += Number(found.total);
      }
    }
    const searchIds = `{${searches.map((row) => row.id).join(',')}}`;
    // Rows alerted before the next look-back's start are never looked at again.
    await tx.execute(
      sql`delete from saved_search_alerted
          where saved_search_id = any(${searchIds}::int[])
            and alerted_at < ${new Date(now.getTime() - ALERT_LOOK_BACK_MS).toISOString()}::timestamptz`,
    );
    await tx
      .update(savedSearches)
      .set({ alertedUpTo: now })
      .where(and(scoped(savedSearches, licenceId), sql`${savedSearches.id} = any(${searchIds}::int[])`));
    return run;
  });
}

/**
 * The alert run on the durable queue, every `everyMs` (a minute by default: "instantly" is within about a
 * minute of a candidate's creation), never on the request that created the candidate.
 */
export const savedSearchAlertsJob = (mailJob: SavedSearchAlertMailJob, everyMs: number, wake: () => void) =>
  periodicJob('saved_searches.alerts', everyMs, ({ db, log }) =>
    runSavedSearchAlerts(db, mailJob, { wake, log }),
  );
