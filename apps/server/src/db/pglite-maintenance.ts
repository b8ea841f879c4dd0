import { sql } from 'drizzle-orm';
import { periodicJob } from '../jobs/periodic.ts';
import type { Db } from './database.ts';
import { rawRows } from './raw-rows.ts';

/**
 * What autovacuum does on a PostgreSQL server, done by the embedded engine's own job queue (decision 264).
 * PGlite runs PostgreSQL as one backend with no autovacuum launcher: without this job a table of the embedded
 * database is never analysed (every plan guesses from the table's size and default selectivities) and never
 * vacuumed (dead rows pile up, and the visibility map stays empty, so counts read the heap instead of an index
 * alone). The thresholds are PostgreSQL's own defaults, and the check runs at its `autovacuum_naptime`.
 */
export const MAINTENANCE_EVERY_MS = 60_000;

/** PostgreSQL's autovacuum defaults: a table is due when its changes pass `threshold + scale × its rows`. */
export const AUTOVACUUM = {
  vacuum: { threshold: 50, scale: 0.2 },
  vacuumInsert: { threshold: 1000, scale: 0.2 },
  analyze: { threshold: 50, scale: 0.1 },
} as const;

export type TableDue = { table: string; vacuum: boolean; analyze: boolean };

/**
 * The tables due for a vacuum, an analysis or both, largest first. The engine's statistics counters live in
 * memory and are lost when it stops, so a table never analysed that holds data is due whatever its counters
 * say: after a restart nothing else would ever bring it to an analysis.
 */
export async function tablesDue(db: Db): Promise<TableDue[]> {
  // The backend sends its counters to the shared statistics only when idle and at most once a second; forced,
  // they are sent after this statement, so the next one reads them up to date.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  return rawRows<TableDue>(
    db,
    sql`select format('%I.%I', s.schemaname, s.relname) as "table", due.vacuum, due.analyze
        from pg_stat_user_tables s
          join pg_class c on c.oid = s.relid
          cross join lateral (select greatest(c.reltuples, 0) as rows) r
          cross join lateral (select
            s.n_dead_tup > ${AUTOVACUUM.vacuum.threshold} + ${AUTOVACUUM.vacuum.scale} * r.rows
              or s.n_ins_since_vacuum > ${AUTOVACUUM.vacuumInsert.threshold} + ${AUTOVACUUM.vacuumInsert.scale} * r.rows
              as vacuum,
            (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
              or s.n_mod_since_analyze > ${AUTOVACUUM.analyze.threshold} + ${AUTOVACUUM.analyze.scale} * r.rows
              as analyze) due
        where due.vacuum or due.analyze
        order by pg_relation_size(c.oid) desc, 1`,
  );
}

/**
 * Vacuums and analyses the tables due, one statement a table: the engine answers one statement at a time, so a
 * request waits for at most one table's work (the bench's 100,000 candidates with their 200,000 applications
 * are vacuumed and analysed whole in 1.3 s). The names come from the catalog, quoted by `format('%I')`.
 */
export async function maintainTables(db: Db): Promise<TableDue[]> {
  const due = await tablesDue(db);
  for (const { table, vacuum, analyze } of due) {
    const command = vacuum ? (analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    await db.execute(sql.raw(`${command} ${table}`));
  }
  return due;
}

/** The check every minute, a job of the queue; registered on the embedded engine only (app.ts). */
export const pgliteMaintenanceJob = () =>
  periodicJob('database.maintain', MAINTENANCE_EVERY_MS, async ({ db, log }) => {
    const startedAt = performance.now();
    const done = await maintainTables(db);
    if (done.length > 0) {
      log.info(
        { tables: done, ms: Math.round(performance.now() - startedAt) },
        'embedded database maintained',
      );
    }
    return { tables: done.length };
  });
