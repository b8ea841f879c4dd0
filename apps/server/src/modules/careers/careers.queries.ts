import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { careersSites, jobOffers, licences } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { escapeLike } from '../../lib/like-pattern.ts';
import { nameMatches } from '../../lib/name-search.ts';
import type { CareersFilters } from './careers-filters.ts';

/** A careers site as its pages show it, with the licence it belongs to (the tenant of every later query). */
export type CareersSite = {
  licenceId: number;
  slug: string;
  organisation: string;
  intro: string;
  colour: string;
  logoKey: string | null;
  logoMediaType: string | null;
  privacyNoticeUrl: string | null;
};

/**
 * The site at `/careers/{slug}`. This is the one public query not scoped by a licence: it is the one that finds
 * the licence (decision 190); every other query of the careers pages is scoped by the licence it answers.
 */
export async function findCareersSite(db: Db, slug: string): Promise<CareersSite | undefined> {
  const [site] = await db
    .select({
      licenceId: careersSites.licenceId,
      slug: careersSites.slug,
      organisation: licences.name,
      intro: careersSites.intro,
      colour: careersSites.colour,
      logoKey: careersSites.logoKey,
      logoMediaType: careersSites.logoMediaType,
      privacyNoticeUrl: careersSites.privacyNoticeUrl,
    })
    .from(careersSites)
    .innerJoin(licences, eq(licences.id, careersSites.licenceId))
    .where(eq(careersSites.slug, slug));
  return site;
}

/** What a posting shows in public: never an offer's manager, pipeline, company or applications. */
const postingFields = {
  name: jobOffers.name,
  publicSlug: jobOffers.publicSlug,
  city: jobOffers.city,
  country: jobOffers.country,
  workplace: jobOffers.workplace,
  contractType: jobOffers.contractType,
  salaryMin: jobOffers.salaryMin,
  salaryMax: jobOffers.salaryMax,
  salaryCurrency: jobOffers.salaryCurrency,
  publishedAt: jobOffers.publishedAt,
  updatedAt: jobOffers.updatedAt,
};

/**
 * The offers a licence shows in public: published, not archived, with an address. The condition the partial
 * index `job_offers_published_idx` is built on, so the list reads that index alone.
 */
const publicOffers = (licenceId: number) =>
  and(
    scoped(jobOffers, licenceId),
    eq(jobOffers.published, true),
    eq(jobOffers.archived, false),
    sql`${jobOffers.publicSlug} is not null`,
  );

function filterConditions(filters: CareersFilters): (SQL | undefined)[] {
  const location = filters.location;
  return [
    filters.q ? nameMatches(jobOffers.name, filters.q) : undefined,
    location
      ? or(ilike(jobOffers.city, `%${escapeLike(location)}%`), eq(jobOffers.country, location.toUpperCase()))
      : undefined,
    filters.contract ? eq(jobOffers.contractType, filters.contract) : undefined,
    filters.workplace ? eq(jobOffers.workplace, filters.workplace) : undefined,
  ];
}

export type PublicOffer = Awaited<ReturnType<typeof listPublicOffers>>['offers'][number];

/**
 * A page of the licence's public offers matching the filters, newest first, and how many match: one statement
 * (the total as a window count over the matching rows), a second only for a page past the end.
 */
export async function listPublicOffers(
  db: Db,
  licenceId: number,
  filters: CareersFilters,
  page: { limit: number; offset: number },
) {
  const where = and(publicOffers(licenceId), ...filterConditions(filters));
  const rows = await db
    .select({ ...postingFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(jobOffers)
    .where(where)
    .orderBy(desc(jobOffers.publishedAt), desc(jobOffers.id))
    .limit(page.limit)
    .offset(page.offset);
  const offers = rows.map(({ total: _total, ...offer }) => offer);
  if (rows[0]) return { offers, total: rows[0].total };
  if (page.offset === 0) return { offers, total: 0 };
  const [counted] = await db.select({ n: count() }).from(jobOffers).where(where);
  return { offers, total: counted?.n ?? 0 };
}

/** One public offer of the licence by its address, with its description; undefined when not public. */
export async function findPublicOffer(db: Db, licenceId: number, publicSlug: string) {
  const [offer] = await db
    .select({
      ...postingFields,
      // The id names the offer to the apply form's queries; it is never written in a page.
      id: jobOffers.id,
      description: jobOffers.description,
      createdAt: jobOffers.createdAt,
    })
    .from(jobOffers)
    .where(and(publicOffers(licenceId), eq(jobOffers.publicSlug, publicSlug)));
  return offer;
}

/** Every public offer's address and last change, for the sitemap (at most 50,000: the format's limit). */
export function sitemapOffers(db: Db, licenceId: number) {
  return db
    .select({ publicSlug: jobOffers.publicSlug, updatedAt: jobOffers.updatedAt })
    .from(jobOffers)
    .where(publicOffers(licenceId))
    .orderBy(desc(jobOffers.publishedAt), desc(jobOffers.id))
    .limit(50_000);
}
