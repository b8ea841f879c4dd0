import { and, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatements } from '../../db/named-statements.ts';
import {
  candidates,
  companies,
  jobApplications,
  jobOfferStatusCounts,
  jobOffers,
  statuses,
} from '../../db/schema/index.ts';
import { scoped, type Tenant } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { candidateMatches } from '../candidates/candidate-text-match.ts';
import { type CandidateRow, candidateColumns } from '../candidates/candidates.queries.ts';
import { visibleJobOffers } from '../job-offers/job-offer.policy.ts';

/** Spelled with its table: inside `exists (… from candidates …)` an unqualified name could mean either. */
const APPLICATION_CANDIDATE = sql.raw('"job_applications"."candidate_id"');

export type ApplicationFilters = { statusId?: number; search?: string };
type Window = { limit: number; offset: number };
/** A window whose bounds may be a prepared statement's placeholders. */
type StatementWindow = { limit: number | Placeholder; offset: number | Placeholder };
/**
 * How the total is had: `withOffer` lets `where` name `job_offers` columns (the count joins them); `kept` is a
 * cheaper scalar giving the same total (the offer's kept counts, decision 206), used instead of counting.
 */
type Counting = { withOffer?: boolean; kept?: SQL };
export type LastActivityRow = {
  kind: string;
  created_at: string;
  actor_id: number | null;
  actor_name: string | null;
  data: Record<string, unknown>;
};

/**
 * The two orders of SPEC section 9: an offer's candidates by their last change (the copy of the candidate's
 * `updated_at` on the application: its own index, docs/decisions/050); a candidate's offers by date. Spelled
 * `nulls last` to match the indexes (the columns are never null).
 */
const ORDERS = {
  candidateUpdated: [
    sql`${jobApplications.candidateUpdatedAt} desc nulls last`,
    sql`${jobApplications.candidateId} desc nulls last`,
  ],
  applicationCreated: [desc(jobApplications.createdAt), desc(jobApplications.id)],
};
type Order = keyof typeof ORDERS;

/**
 * Applications with everything the presenter needs, in ONE statement. The page is cut first on the bare
 * application rows (for an offer's list: an index-only scan of job_applications_offer_order_idx or
 * ..._status_order_idx, however deep the page); only the page's rows then get their candidate (contacts and tags
 * as correlated subqueries), status and job offer; the total is a scalar subquery computed once.
 * `where` must carry the licence condition (and see `Counting`).
 */
function applicationsQuery(
  db: Db,
  where: SQL | undefined,
  order: Order,
  window: StatementWindow,
  { withOffer = false, kept }: Counting = {},
) {
  const cut = db.select({ id: jobApplications.id }).from(jobApplications).$dynamic();
  const cutWhere = withOffer ? cut.innerJoin(jobOffers, eq(jobOffers.id, jobApplications.jobOfferId)) : cut;
  const page = cutWhere
    .where(where)
    .orderBy(...ORDERS[order])
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const counted =
    kept ??
    (withOffer
      ? sql`(select count(*)::int from ${jobApplications} join ${jobOffers} on ${jobOffers.id} = ${jobApplications.jobOfferId} where ${where})`
      : sql`(select count(*)::int from ${jobApplications} where ${where})`);
  return db
    .select({
      id: jobApplications.id,
      candidateId: jobApplications.candidateId,
      jobOfferId: jobApplications.jobOfferId,
      statusId: jobApplications.statusId,
      comment: jobApplications.comment,
      createdAt: jobApplications.createdAt,
      source: jobApplications.source,
      answers: jobApplications.answers,
      statusName: statuses.name,
      statusColor: statuses.color,
      jobOfferName: jobOffers.name,
      jobOfferArchived: jobOffers.archived,
      companyId: jobOffers.companyId,
      companyName: companies.name,
      candidate: candidateColumns,
      // The candidate's latest event and notes count (issue 21), per row of the page: the index
      // candidate_events_candidate_idx answers each in one step, no second query.
      lastActivity:
        sql<LastActivityRow | null>`(select jsonb_build_object('kind', e.kind, 'created_at', e.created_at,
          'actor_id', e.actor_id, 'actor_name', (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
            from users u where u.id = e.actor_id), 'data', e.data)
        from candidate_events e where e.candidate_id = ${jobApplications.candidateId} order by e.id desc nulls last limit 1)`.as(
          'last_activity',
        ),
      notesCount:
        sql<number>`(select count(*)::int from candidate_notes n where n.candidate_id = ${jobApplications.candidateId})`.as(
          'notes_count',
        ),
      // The next interview still to come (issue 27), for the board card: interviews_application_idx.
      nextInterviewAt: sql<string | Date | null>`(select i.starts_at from interviews i
        where i.job_application_id = ${jobApplications.id} and i.state = 'scheduled' and i.starts_at > now()
        order by i.starts_at limit 1)`.as('next_interview_at'),
      total: sql<number>`${counted}`.as('total'),
    })
    .from(page)
    .innerJoin(jobApplications, eq(jobApplications.id, page.id))
    .innerJoin(candidates, eq(candidates.id, jobApplications.candidateId))
    .innerJoin(jobOffers, eq(jobOffers.id, jobApplications.jobOfferId))
    .leftJoin(companies, eq(companies.id, jobOffers.companyId))
    .leftJoin(statuses, eq(statuses.id, jobApplications.statusId))
    .orderBy(...ORDERS[order]);
}

type ApplicationsQueryRow = Awaited<ReturnType<typeof applicationsQuery>>[number];
const withCandidate = (rows: ApplicationsQueryRow[]) =>
  rows.map((row) => ({ ...row, candidate: row.candidate as CandidateRow }));

async function selectApplications(
  db: Db,
  where: SQL | undefined,
  order: Order,
  window: Window,
  counting: Counting = {},
) {
  return withCandidate(await applicationsQuery(db, where, order, window, counting));
}

export type JobApplicationRow = Awaited<ReturnType<typeof selectApplications>>[number];

async function page(db: Db, where: SQL | undefined, order: Order, window: Window, counting: Counting = {}) {
  const rows = await selectApplications(db, where, order, window, counting);
  return withTotal(db, rows, window, () => where, counting.withOffer);
}

/**
 * The page's total: on its first row, or, for a page past the end, counted apart with the condition `countWhere`
 * gives (built only then: the named page's requests do not build it).
 */
async function withTotal(
  db: Db,
  rows: JobApplicationRow[],
  window: Window,
  countWhere: () => SQL | undefined,
  withOffer = false,
) {
  if (rows[0]) return { rows, total: rows[0].total };
  if (window.offset === 0) return { rows, total: 0 };
  // A page past the end has no row to carry the total: count apart (rare: a stale link, or the last row deleted).
  const cut = db.select({ n: sql<number>`count(*)::int` }).from(jobApplications).$dynamic();
  const [count] = await (withOffer
    ? cut.innerJoin(jobOffers, eq(jobOffers.id, jobApplications.jobOfferId))
    : cut
  ).where(countWhere());
  return { rows, total: count?.n ?? 0 };
}

/**
 * A page of a job offer's applications, the most recently changed candidates first (SPEC section 9). The
 * caller must already be known to see the offer (job-offer.policy.ts). Without a search, one of two named
 * statements (decision 249); a search's text varies with its term, so it is sent as it is.
 */
export async function listOfferApplications(
  db: Db,
  caller: Caller,
  jobOfferId: number,
  filters: ApplicationFilters,
  window: Window,
) {
  if (filters.search) return page(db, offerWhere(caller, jobOfferId, filters), 'candidateUpdated', window);
  const statement = offerPageStatement(db, filters.statusId !== undefined);
  const rows = withCandidate(
    await statement.execute({
      licenceId: caller.licenceId,
      jobOfferId,
      statusId: filters.statusId ?? 0,
      limit: window.limit,
      offset: window.offset,
    }),
  );
  return withTotal(db, rows, window, () => offerWhere(caller, jobOfferId, filters));
}

/** The offer's applications the filters keep; the search's condition only when there is one. */
function offerWhere(
  tenant: Tenant,
  jobOfferId: number | Placeholder,
  filters: { statusId?: number | Placeholder; search?: string },
) {
  return and(
    scoped(jobApplications, tenant),
    eq(jobApplications.jobOfferId, jobOfferId),
    filters.statusId === undefined ? undefined : eq(jobApplications.statusId, filters.statusId),
    filters.search
      ? sql`exists (select 1 from candidates where candidates.id = ${APPLICATION_CANDIDATE} and ${candidateMatches(filters.search)})`
      : undefined,
  );
}

/**
 * Without a search the total is the offer's kept counts (decision 206: exact, kept in every change's own
 * transaction), a row or a handful, where counting read every application of the offer (50,000 in the bench's
 * biggest: issue 29's applications page). A search counts its matches.
 */
const keptTotal = (tenant: Tenant, jobOfferId: number | Placeholder, statusId?: number | Placeholder) =>
  sql`(select coalesce(sum(${jobOfferStatusCounts.applications}), 0)::int from ${jobOfferStatusCounts}
    where ${and(
      scoped(jobOfferStatusCounts, tenant),
      eq(jobOfferStatusCounts.jobOfferId, jobOfferId),
      statusId === undefined ? undefined : eq(jobOfferStatusCounts.statusKey, statusId),
    )})`;

/**
 * An offer's page without a search, named (decision 249): planning was three quarters of this statement's time
 * on PostgreSQL, and its generic plan is the custom one (the offer's order index, however big the offer). Its
 * text differs only by the status filter, hence two names.
 */
const offerPageStatement = namedStatements(
  (inStatus: boolean) => (inStatus ? 'offer_applications_in_status' : 'offer_applications'),
  (db, inStatus, name) => {
    const licenceId = sql.placeholder('licenceId');
    const jobOfferId = sql.placeholder('jobOfferId');
    const statusId = inStatus ? sql.placeholder('statusId') : undefined;
    return applicationsQuery(
      db,
      offerWhere(licenceId, jobOfferId, { statusId }),
      'candidateUpdated',
      { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') },
      { kept: keptTotal(licenceId, jobOfferId, statusId) },
    ).prepare(name);
  },
);

/** A page of a candidate's applications in the job offers the caller sees, newest first. */
export function listCandidateApplications(db: Db, caller: Caller, candidateId: number, window: Window) {
  const where = and(
    scoped(jobApplications, caller),
    eq(jobApplications.candidateId, candidateId),
    visibleJobOffers(caller),
  );
  return page(db, where, 'applicationCreated', window, { withOffer: true });
}

/** One application of the caller's licence, as the list shows it, or undefined. */
export async function findJobApplication(db: Db, caller: Caller, applicationId: number) {
  const [row] = await selectApplications(
    db,
    and(scoped(jobApplications, caller), eq(jobApplications.id, applicationId)),
    'applicationCreated',
    { limit: 1, offset: 0 },
  );
  return row;
}

/** The licence's applications whose ids are given (webhooks' bodies, decision 199); other licences' are ignored. */
export async function findJobApplicationsOf(db: Db, licenceId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectApplications(
    db,
    and(scoped(jobApplications, licenceId), inArray(jobApplications.id, ids)),
    'applicationCreated',
    { limit: ids.length, offset: 0 },
  );
}
