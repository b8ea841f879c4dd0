import { and, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatements } from '../../db/named-statements.ts';
import { companies, jobOffers, users } from '../../db/schema/index.ts';
import { scoped, scopedSql, type Tenant } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { nameMatches } from '../../lib/name-search.ts';
import { companySearch } from '../companies/companies.queries.ts';
import { type JobOfferAccess, type Viewer, visibleJobOffers } from './job-offer.policy.ts';

export type JobOfferFilters = { search?: string; ownedByMe?: boolean; archived?: boolean };

/** The offers of the caller's licence that the caller may see: the start of every job offer query. */
const scope = (viewer: Viewer) => and(scoped(jobOffers, viewer.licenceId), visibleJobOffers(viewer));

/**
 * Search matches the offer's name or its company's name (SPEC section 2), each as lib/name-search.ts says
 * (a substring from 3 characters, else a prefix), each through its licence-led index.
 */
function searchCondition(licenceId: number, db: Db, search: string) {
  const matchingCompanies = db
    .select({ id: companies.id })
    .from(companies)
    .where(companySearch(licenceId, search));
  return or(jobOfferNameSearch(search), inArray(jobOffers.companyId, matchingCompanies));
}

/** The offers whose own name matches `search`. */
export const jobOfferNameSearch = (search: string) => nameMatches(jobOffers.name, search);

function listConditions(db: Db, caller: Caller, filters: JobOfferFilters) {
  return and(
    shapeConditions(caller, filters),
    filters.search ? searchCondition(caller.licenceId, db, filters.search) : undefined,
  );
}

/** The filters but the search: the conditions a named statement's shape fixes (its values may be placeholders). */
function shapeConditions(viewer: Viewer, filters: { archived?: boolean | Placeholder; ownedByMe?: boolean }) {
  return and(
    scope(viewer),
    filters.archived === undefined ? undefined : eq(jobOffers.archived, filters.archived),
    filters.ownedByMe ? eq(jobOffers.userId, viewer.userId) : undefined,
  );
}

// Per-offer aggregates, as correlated subqueries evaluated only for the rows of the page, reached through
// their offer, which is already licence-scoped. The counts by status are kept by triggers (decision 206): a
// few rows of job_offer_status_counts per offer, however many applications it has.
const assignedUsersOf = sql<number[]>`coalesce((
  select array_agg(a.user_id order by a.user_id) from job_offer_assigned_users a where a.job_offer_id = ${jobOffers.id}
), '{}'::int[])`;
const tagsOf = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id)
  from job_offer_tags jt join tags t on t.id = jt.tag_id where jt.job_offer_id = ${jobOffers.id}
), '[]'::json)`;
/** `[[status_id, count], ...]`; status_id is null for applications whose status was deleted. */
const countsByStatusOf = sql<[number | null, number][]>`coalesce((
  select json_agg(json_build_array(nullif(c.status_key, 0), c.applications))
  from job_offer_status_counts c where c.job_offer_id = ${jobOffers.id} and c.applications <> 0
), '[]'::json)`;

/** The licence's pipeline in order, once per query (an InitPlan), for every offer's summary. */
const pipelineOf = (licenceId: Tenant) => sql<
  { id: number; index: number; name: string; color: string }[]
>`coalesce((
  select json_agg(json_build_object('id', s.id, 'index', s.index, 'name', s.name, 'color', s.color) order by s.index, s.id)
  from statuses s where ${scopedSql('s', licenceId)}
), '[]'::json)`;

/**
 * The job offers of one page (or one offer), with everything the presenter needs, in ONE query: the page
 * is cut first (with the total as a window count, computed before LIMIT), then only its rows get their
 * aggregates, and the pipeline is read once. One round trip per index page keeps the tail short when the
 * database is busy.
 */
function selectJobOffers(
  db: Db,
  licenceId: Tenant,
  where: SQL | undefined,
  window: { limit: number | Placeholder; offset: number | Placeholder },
) {
  const page = db
    .select({ id: jobOffers.id, total: sql<number>`count(*) over ()`.as('total') })
    .from(jobOffers)
    .where(where)
    .orderBy(desc(jobOffers.createdAt), desc(jobOffers.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  return db
    .select({
      id: jobOffers.id,
      name: jobOffers.name,
      companyId: jobOffers.companyId,
      companyName: companies.name,
      userId: jobOffers.userId,
      managerId: users.id,
      managerFirstName: users.firstName,
      managerLastName: users.lastName,
      managerEmail: users.email,
      createdAt: jobOffers.createdAt,
      archived: jobOffers.archived,
      emailTemplateId: jobOffers.emailTemplateId,
      description: jobOffers.description,
      city: jobOffers.city,
      country: jobOffers.country,
      workplace: jobOffers.workplace,
      contractType: jobOffers.contractType,
      salaryMin: jobOffers.salaryMin,
      salaryMax: jobOffers.salaryMax,
      salaryCurrency: jobOffers.salaryCurrency,
      published: jobOffers.published,
      publicSlug: jobOffers.publicSlug,
      publishedAt: jobOffers.publishedAt,
      assignedUsers: assignedUsersOf,
      tags: tagsOf,
      countsByStatus: countsByStatusOf,
      pipeline: pipelineOf(licenceId),
      total: sql<number>`${page.total}::int`,
    })
    .from(page)
    .innerJoin(jobOffers, eq(jobOffers.id, page.id))
    .leftJoin(companies, eq(companies.id, jobOffers.companyId))
    .leftJoin(users, eq(users.id, jobOffers.userId))
    .orderBy(desc(jobOffers.createdAt), desc(jobOffers.id));
}

export type JobOfferRow = Awaited<ReturnType<typeof selectJobOffers>>[number];

/** A page of the job offers the caller sees, newest first, and how many match in all. */
export async function listJobOffers(
  db: Db,
  caller: Caller,
  filters: JobOfferFilters,
  window: { limit: number; offset: number },
) {
  const rows = filters.search
    ? await selectJobOffers(db, caller.licenceId, listConditions(db, caller, filters), window)
    : await indexPageStatement(db, {
        admin: caller.role === 'admin',
        archived: filters.archived,
        ownedByMe: filters.ownedByMe === true,
      }).execute({
        licenceId: caller.licenceId,
        userId: caller.userId,
        archived: filters.archived ?? false,
        ...window,
      });
  if (rows[0]) return { rows, total: rows[0].total };
  if (window.offset === 0) return { rows, total: 0 };
  // A page past the end carries no window count: count apart (rare: a stale link or a hand-typed page).
  return { rows, total: await db.$count(jobOffers, listConditions(db, caller, filters)) };
}

/** A named statement's viewer: an admin or a user, whose licence and id are its placeholders. */
const viewerPlaceholders = (admin: boolean): Viewer => ({
  role: admin ? 'admin' : 'user',
  licenceId: sql.placeholder('licenceId'),
  userId: sql.placeholder('userId'),
});

/**
 * The index's page without a search, named by its shape (decision 249; at most twelve): PostgreSQL parses it once
 * per connection. It keeps planning it with the values (its generic plan, without the page's size, guesses a
 * tenth of the offers and costs more); the name saves the parse and Drizzle's building of the query.
 */
type IndexShape = { admin: boolean; archived: boolean | undefined; ownedByMe: boolean };
const indexPageStatement = namedStatements(
  ({ admin, archived, ownedByMe }: IndexShape) =>
    `job_offers_${admin ? 'all' : 'visible'}_${archived === undefined ? 'any' : archived ? 'archived' : 'active'}${ownedByMe ? '_mine' : ''}`,
  (db, { admin, archived, ownedByMe }, name) => {
    const viewer = viewerPlaceholders(admin);
    const where = shapeConditions(viewer, {
      archived: archived === undefined ? undefined : sql.placeholder('archived'),
      ownedByMe,
    });
    const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    return selectJobOffers(db, viewer.licenceId, where, window).prepare(name);
  },
);

/** One job offer the caller sees, or undefined (missing, another licence's, or hidden by visibility). */
export async function findJobOffer(db: Db, caller: Caller, jobOfferId: number) {
  const where = and(scope(caller), eq(jobOffers.id, jobOfferId));
  const [row] = await selectJobOffers(db, caller.licenceId, where, { limit: 1, offset: 0 });
  return row;
}

/**
 * The offers of the licence linked to an email template, with what `canEditJobOffer` reads, whether the caller
 * sees them or not: editing the template changes what each of them sends (decision 090).
 */
export function jobOffersUsingTemplate(db: Db, licenceId: number, emailTemplateId: number) {
  return db
    .select({ id: jobOffers.id, userId: jobOffers.userId, assignedUsers: assignedUsersOf })
    .from(jobOffers)
    .where(and(scoped(jobOffers, licenceId), eq(jobOffers.emailTemplateId, emailTemplateId)));
}

/**
 * What the edit policy needs to know of an offer the caller sees, or undefined. Asked by every request on an
 * offer's pipeline, hence named (decision 249): two shapes, an admin's and a user's, whose visibility it reads.
 */
export async function findJobOfferAccess(
  db: Db,
  caller: Caller,
  jobOfferId: number,
): Promise<JobOfferAccess | undefined> {
  const [row] = await jobOfferAccessStatement(db, caller.role === 'admin').execute({
    licenceId: caller.licenceId,
    userId: caller.userId,
    jobOfferId,
  });
  return row;
}

const jobOfferAccessStatement = namedStatements(
  (admin: boolean) => (admin ? 'job_offer_access' : 'job_offer_access_visible'),
  (db, admin, name) => {
    const viewer = viewerPlaceholders(admin);
    return db
      .select({ id: jobOffers.id, userId: jobOffers.userId, assignedUsers: assignedUsersOf })
      .from(jobOffers)
      .where(and(scope(viewer), eq(jobOffers.id, sql.placeholder('jobOfferId'))))
      .prepare(name);
  },
);
