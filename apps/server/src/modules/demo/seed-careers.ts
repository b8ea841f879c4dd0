import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { careersSites, jobOffers } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { DEMO_OFFERS } from './seed-words.ts';

/**
 * What the demo's offers say in public (issue 23), in DEMO_OFFERS' order: the first three are on the careers
 * site, the last is kept unpublished, so the demo shows both.
 */
const POSTINGS = [
  {
    city: 'Lyon',
    country: 'FR',
    workplace: 'hybrid',
    contractType: 'permanent',
    salaryMin: 55_000,
    salaryMax: 65_000,
    salaryCurrency: 'EUR',
    published: true,
  },
  { city: 'Paris', country: 'FR', workplace: 'on_site', contractType: 'permanent', published: true },
  { country: 'DE', workplace: 'remote', contractType: 'freelance', published: true },
  { city: 'Nantes', country: 'FR', workplace: 'on_site', contractType: 'fixed_term', published: false },
] as const;

/** "Frontend developer (React)" → "frontend-developer-react". */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Gives the demo licence its careers site (`/careers/demo-{licence id}`, unless it has one) and the demo's
 * offers their postings. The offer's id is in its address, so seeding twice never makes two alike.
 */
export async function publishDemoOffers(tx: Db, licenceId: number, offers: { id: number }[], now: number) {
  await tx
    .insert(careersSites)
    .values({
      licenceId,
      slug: `demo-${licenceId}`,
      intro: 'A demo organisation: these offers are examples.\nUne organisation de démonstration.',
    })
    .onConflictDoNothing();
  for (const [i, offer] of offers.entries()) {
    const posting = POSTINGS[i % POSTINGS.length];
    const name = DEMO_OFFERS[i % DEMO_OFFERS.length]?.name ?? 'offer';
    if (!posting) continue;
    await tx
      .update(jobOffers)
      .set({
        ...posting,
        description: `<p>${name}: join a small team and ship every week.</p><ul><li>Code reviews</li><li>On call one week in six</li></ul>`,
        publicSlug: `${slugOf(name)}-${offer.id}`,
        publishedAt: posting.published ? new Date(now - (i + 1) * 86_400_000) : null,
      })
      .where(and(scoped(jobOffers, licenceId), eq(jobOffers.id, offer.id)));
  }
}
