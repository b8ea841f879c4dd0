import type { JobOfferFields } from '@vivier/contract';
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobOffers } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError } from '../../http/app-error.ts';
import { richText } from '../../lib/rich-text-thread.ts';
import { slugOf } from '../../lib/slug.ts';

/**
 * The posting columns a create or update writes (issue 23, decision 189), from the fields sent. The description
 * is sanitised on the rich-text thread before any transaction opens: a long one never holds a connection.
 */
export async function postingValues(fields: JobOfferFields) {
  return {
    ...(fields.description !== undefined ? { description: await richText.sanitize(fields.description) } : {}),
    ...(fields.city !== undefined ? { city: fields.city } : {}),
    ...(fields.country !== undefined ? { country: fields.country } : {}),
    ...(fields.workplace !== undefined ? { workplace: fields.workplace } : {}),
    ...(fields.contract_type !== undefined ? { contractType: fields.contract_type } : {}),
    ...(fields.salary_min !== undefined ? { salaryMin: fields.salary_min } : {}),
    ...(fields.salary_max !== undefined ? { salaryMax: fields.salary_max } : {}),
    ...(fields.salary_currency !== undefined ? { salaryCurrency: fields.salary_currency } : {}),
  };
}

type Salary = { salaryMin: number | null; salaryMax: number | null; salaryCurrency: string | null };

/**
 * The salary as it will be once the fields sent are merged with the stored ones: a PATCH of `salary_min`
 * alone may cross the stored maximum. 400 `validation_error`, nothing written.
 */
export function assertSalary(salary: Salary) {
  const invalid = (field: string, message: string) => {
    const path = `body.job_offer.${field}`;
    return new AppError('validation_error', `Invalid request: ${path} ${message}`, {
      extra: { details: [{ path, problem: 'invalid', message }] },
    });
  };
  if (salary.salaryMin !== null && salary.salaryMax !== null && salary.salaryMin > salary.salaryMax) {
    throw invalid('salary_min', 'must not be more than salary_max');
  }
  if ((salary.salaryMin !== null || salary.salaryMax !== null) && salary.salaryCurrency === null) {
    throw invalid('salary_currency', 'is required with a salary');
  }
}

type Offer = { id: number; name: string; archived: boolean; published: boolean; publicSlug: string | null };

/**
 * The publishing columns after a change (decision 189): publishing stamps `published_at` (the first time and
 * each time it goes back online) and gives a slug made from the name when the offer has none; an archived offer
 * is never published. The slug stays when unpublished, so a link shared once keeps naming the same offer.
 */
export async function publishingValues(
  tx: Db,
  licenceId: number,
  offer: Offer,
  published: boolean | undefined,
) {
  const online = (published ?? offer.published) && !offer.archived;
  if (!online) return offer.published ? { published: false } : {};
  if (offer.published) return {};
  return {
    published: true,
    publishedAt: new Date(),
    publicSlug: offer.publicSlug ?? (await freeSlug(tx, licenceId, offer.id, slugOf(offer.name, 'job'))),
  };
}

/**
 * `base`, or `base-2`, `base-3`… : the first no other offer of the licence has. The caller's transaction
 * holds the offer's row; two offers published at once with one name may still pick the same one, and the
 * unique index refuses the second: a 409 `conflict` (http/error-handler.ts), to try again.
 */
async function freeSlug(tx: Db, licenceId: number, offerId: number, base: string) {
  const taken = await tx
    .select({ slug: jobOffers.publicSlug })
    .from(jobOffers)
    .where(
      and(
        scoped(jobOffers, licenceId),
        ne(jobOffers.id, offerId),
        or(eq(jobOffers.publicSlug, base), like(jobOffers.publicSlug, `${base}-%`)),
      ),
    );
  const used = new Set(taken.map((row) => row.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}
