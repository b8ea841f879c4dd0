import type { CareersSite, CareersSiteInput } from '@vivier/contract';
import { and, eq, like, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { careersSites, licences } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { conflict, forbidden } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { slugOf } from '../../lib/slug.ts';

const SLUG_TAKEN = 'This careers site address is taken by another organisation';
const DEFAULT_COLOUR = '#364fc7';

export type SiteRow = typeof careersSites.$inferSelect;

/** Only an admin changes the careers site: it speaks for the whole licence (decision 189). */
export function assertCanEditSite(caller: Caller) {
  if (caller.role !== 'admin') throw forbidden('Only an admin can change the careers site');
}

export const findSite = async (db: Db, licenceId: number): Promise<SiteRow | undefined> =>
  (await db.select().from(careersSites).where(scoped(careersSites, licenceId)))[0];

/** The site as the API shows it; before it was ever saved, the slug proposed from the licence's name. */
export async function presentSite(db: Db, licenceId: number, row?: SiteRow): Promise<CareersSite> {
  const site = row ?? (await findSite(db, licenceId));
  const slug = site?.slug ?? (await proposedSlug(db, licenceId));
  return {
    saved: site !== undefined,
    slug,
    intro: site?.intro ?? '',
    colour: site?.colour ?? DEFAULT_COLOUR,
    privacy_notice_url: site?.privacyNoticeUrl ?? null,
    has_logo: site?.logoKey != null,
    public_path: `/careers/${slug}`,
    confirmation: {
      en: { subject: site?.confirmationSubjectEn ?? '', body: site?.confirmationBodyEn ?? '' },
      fr: { subject: site?.confirmationSubjectFr ?? '', body: site?.confirmationBodyFr ?? '' },
    },
  };
}

type ConfirmationInput = NonNullable<z.output<typeof CareersSiteInput>['confirmation']>;

/** The confirmation texts as stored: an empty one is null, the built-in text (decision 191). */
function confirmationColumns(confirmation: ConfirmationInput) {
  return {
    confirmationSubjectEn: confirmation.en.subject || null,
    confirmationBodyEn: confirmation.en.body || null,
    confirmationSubjectFr: confirmation.fr.subject || null,
    confirmationBodyFr: confirmation.fr.body || null,
  };
}

/** The licence's name as a slug, `-2`, `-3`… when another licence has it. */
export async function proposedSlug(db: Db, licenceId: number) {
  const [licence] = await db.select({ name: licences.name }).from(licences).where(eq(licences.id, licenceId));
  const base = slugOf(licence?.name ?? '', 'careers');
  const taken = await db
    .select({ slug: careersSites.slug })
    .from(careersSites)
    .where(
      and(
        ne(careersSites.licenceId, licenceId),
        or(eq(careersSites.slug, base), like(careersSites.slug, `${base}-%`)),
      ),
    );
  const used = new Set(taken.map((r) => r.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * Saves the site's settings (admins), made on first save. A slug another licence has is a 409 with a message
 * that says so, from the check or, when two licences race for it, from the unique index.
 */
export async function saveSite(db: Db, caller: Caller, input: z.output<typeof CareersSiteInput>) {
  assertCanEditSite(caller);
  const [other] = await db
    .select({ id: careersSites.licenceId })
    .from(careersSites)
    .where(and(eq(careersSites.slug, input.slug), ne(careersSites.licenceId, caller.licenceId)));
  if (other) throw conflict(SLUG_TAKEN);
  const values = {
    slug: input.slug,
    intro: input.intro,
    colour: input.colour,
    privacyNoticeUrl: input.privacy_notice_url,
    ...(input.confirmation ? confirmationColumns(input.confirmation) : {}),
    updatedAt: new Date(),
  };
  try {
    const [row] = await db
      .insert(careersSites)
      .values({ licenceId: caller.licenceId, ...values })
      .onConflictDoUpdate({ target: careersSites.licenceId, set: values })
      .returning();
    return presentSite(db, caller.licenceId, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
    throw error;
  }
}
