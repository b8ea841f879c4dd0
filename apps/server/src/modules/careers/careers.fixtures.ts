import { careersSites, jobOffers } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

type OfferValues = Partial<typeof jobOffers.$inferInsert> & { name: string };

/**
 * A licence with a careers site at `slug`, written straight to the database (the recruiter's screens that
 * publish offers are another module's): its id, and `offer(...)` to add offers to it, published unless said.
 */
export async function careersLicence(
  t: TestApp,
  slug: string,
  site: Partial<typeof careersSites.$inferInsert> = {},
) {
  const { licence, admin } = await t.licence({ name: `${slug} organisation` });
  await t.db.insert(careersSites).values({ licenceId: licence.id, slug, intro: `Work at ${slug}`, ...site });
  let counter = 0;
  const offer = async (values: OfferValues) => {
    counter += 1;
    const [row] = await t.db
      .insert(jobOffers)
      .values({
        licenceId: licence.id,
        userId: admin.id,
        published: true,
        publicSlug: `offer-${counter}`,
        publishedAt: new Date(Date.UTC(2026, 0, counter)),
        description: '<p>What you will do.</p>',
        ...values,
      })
      .returning();
    if (!row) throw new Error('no offer inserted');
    return row;
  };
  return { licenceId: licence.id, slug, offer, admin };
}
