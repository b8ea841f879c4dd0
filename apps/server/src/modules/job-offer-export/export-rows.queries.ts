import { and, asc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates, jobApplications, statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { type CandidateRow, candidateColumns } from '../candidates/candidates.queries.ts';

/** SPEC section 9: an export reads the applications in batches of 50. */
export const EXPORT_BATCH = 50;

/** Which applications an export takes: one offer of the licence, optionally only some statuses. */
export type ExportSelection = { licenceId: number; jobOfferId: number; statusIds: number[] | undefined };

const selected = (selection: ExportSelection): SQL | undefined =>
  and(
    scoped(jobApplications, selection.licenceId),
    eq(jobApplications.jobOfferId, selection.jobOfferId),
    selection.statusIds === undefined
      ? undefined
      : selection.statusIds.length === 0
        ? sql`false`
        : inArray(jobApplications.statusId, selection.statusIds),
  );

/**
 * How many applications the export will hold, and the highest id among them: the batches stop there, so an
 * application added while the file streams does not make the file longer than the count announced.
 */
export async function countExport(db: Db, selection: ExportSelection) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, lastId: sql<number | null>`max(${jobApplications.id})` })
    .from(jobApplications)
    .where(selected(selection));
  return { count: row?.count ?? 0, lastId: row?.lastId ?? 0 };
}

// What a row of the file needs of a candidate: everything the presenter reads but the tags.
const { tags: _tags, ...candidateFields } = candidateColumns;

export type ExportRow = Omit<CandidateRow, 'tags'> & {
  applicationId: number;
  addedAt: Date;
  statusName: string | null;
};

/**
 * One keyset page, as a named prepared statement: parsed once per connection instead of once per page (a
 * 50,000-row export reads 1,000 pages), leaving PostgreSQL only to bind and plan the values. The status filter
 * is a parameter too: `all`, or the list of ids.
 */
const batchQuery = (db: Db) =>
  db
    .select({
      applicationId: jobApplications.id,
      addedAt: jobApplications.createdAt,
      statusName: statuses.name,
      ...candidateFields,
    })
    .from(jobApplications)
    .innerJoin(candidates, eq(candidates.id, jobApplications.candidateId))
    .leftJoin(statuses, eq(statuses.id, jobApplications.statusId))
    .where(
      and(
        scoped(jobApplications, sql.placeholder('licenceId')),
        eq(jobApplications.jobOfferId, sql.placeholder('jobOfferId')),
        sql`(${sql.placeholder('all')}::boolean or ${jobApplications.statusId} = any(${sql.placeholder('statusIds')}::int[]))`,
        gt(jobApplications.id, sql.placeholder('afterId')),
        lte(jobApplications.id, sql.placeholder('lastId')),
      ),
    )
    .orderBy(asc(jobApplications.id))
    .limit(EXPORT_BATCH)
    .prepare('export_batch');

/**
 * The applications of an export, oldest first, a batch at a time: keyset pages of EXPORT_BATCH read through the
 * (job_offer_id, id) index, each one short query after the last id read, so memory holds one page whatever
 * the offer's size, and the next page is read only when the consumer asks (stream backpressure).
 * Pages are separate statements, not one long transaction: the embedded database has one connection, and
 * holding it for the length of a download would stop every other request.
 */
export async function* exportRows(db: Db, selection: ExportSelection, lastId: number) {
  const query = batchQuery(db);
  const params = {
    licenceId: selection.licenceId,
    jobOfferId: selection.jobOfferId,
    all: selection.statusIds === undefined,
    statusIds: `{${(selection.statusIds ?? []).join(',')}}`,
    lastId,
  };
  const read = (afterId: number) => query.execute({ ...params, afterId }) as Promise<ExportRow[]>;
  // The next page is asked for as soon as the current one arrives, so the database works while this one is
  // written out: the round trip per page (the cost that dominates on a busy machine) overlaps the rest.
  let next: Promise<ExportRow[]> | undefined = read(0);
  try {
    while (next) {
      const batch: ExportRow[] = await next;
      const last = batch.at(-1);
      next = last && last.applicationId < lastId ? read(last.applicationId) : undefined;
      if (batch.length > 0) yield batch;
    }
  } finally {
    // The reader went away (a closed download): the page asked for in advance is dropped, errors included.
    next?.catch(() => {});
  }
}
