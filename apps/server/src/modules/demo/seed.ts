import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  candidateContacts,
  candidates,
  candidateTags,
  companies,
  jobApplications,
  jobOffers,
  statuses,
  tags,
  users,
} from '../../db/schema/index.ts';
import { refreshContactText } from '../candidates/candidate-contact-text.ts';

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'John',
  'Katherine',
  'Niklaus',
  'Sophie',
  'Camille',
  'Léa',
  'Hugo',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners-Lee',
  'Lamarr',
  'Backus',
  'Johnson',
  'Wirth',
  'Martin',
  'Durand',
  'Moreau',
  'Lefèvre',
];
const TITLES = [
  'Backend developer',
  'Frontend developer',
  'Data engineer',
  'Product designer',
  'Engineering manager',
  'DevOps engineer',
  'QA engineer',
  'Mobile developer',
];
const COMPANIES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Soylent'];
const SCHOOLS = ['EPFL', 'MIT', 'École polytechnique', 'ETH Zürich', 'Université de Lyon'];
const TAGS = ['TypeScript', 'React', 'PostgreSQL', 'Remote', 'Senior', 'Junior', 'French speaker'];
const OFFERS = [
  { name: 'Senior backend developer', company: 'Acme Corp' },
  { name: 'Frontend developer (React)', company: 'Globex' },
  { name: 'Data engineer', company: 'Initech' },
  { name: 'Engineering manager', company: 'Hooli' },
];

/** A tiny deterministic generator, so the demo looks the same on every machine. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement, and a candidate row has ten.
 * A thousand rows per statement is well under it and as fast as larger batches.
 */
const BATCH = 1000;

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/**
 * Fills a licence with a small, believable organisation: companies, tags, job offers with candidates spread over
 * the pipeline. Demo data spends no credits: it is not the customer's work. One transaction: all or nothing;
 * rows go in batches, so `seed --candidates 100000` works (issue 7 section 7).
 */
export async function seedDemo(
  db: Db,
  licenceId: number,
  { candidates: count = 60 }: { candidates?: number } = {},
) {
  return db.transaction(async (tx) => {
    const rand = prng(42 + licenceId);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
    const [manager] = await tx
      .select()
      .from(users)
      .where(eq(users.licenceId, licenceId))
      .orderBy(users.id)
      .limit(1);
    const pipeline = await tx
      .select()
      .from(statuses)
      .where(eq(statuses.licenceId, licenceId))
      .orderBy(statuses.index);
    const companyRows = await tx
      .insert(companies)
      .values(COMPANIES.map((name) => ({ licenceId, name })))
      .onConflictDoNothing()
      .returning();
    const tagRows = await tx
      .insert(tags)
      .values(TAGS.map((name) => ({ licenceId, name })))
      .onConflictDoNothing()
      .returning();
    const newCandidates = Array.from({ length: count }, (_, i) => {
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      const slug = `${firstName}-${lastName}-${i}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z0-9-]/g, '');
      const candidateTags = tagRows.filter(() => rand() < 0.3).map((t) => t.id);
      return {
        licenceId,
        firstName,
        lastName,
        linkedinUrl: `https://www.linkedin.com/in/${slug}`,
        details: {
          title: pick(TITLES),
          skills: [pick(TAGS), pick(TAGS)],
          educations: [{ school: pick(SCHOOLS), degree: ['MSc Computer Science'] }],
          experiences: [{ company: pick(COMPANIES) }, { company: pick(COMPANIES) }],
        },
        socialNetworks: [
          { type: 'linkedin' as const, value: `https://www.linkedin.com/in/${slug}` },
          ...(rand() < 0.4 ? [{ type: 'github' as const, value: `https://github.com/${slug}` }] : []),
        ],
        tagIds: candidateTags,
        updatedAt: new Date(Date.now() - i * 3_600_000),
      };
    });
    const candidateRows: { id: number; firstName: string | null; tagIds: number[]; updatedAt: Date }[] = [];
    for (const batch of batches(newCandidates)) {
      candidateRows.push(
        ...(await tx.insert(candidates).values(batch).returning({
          id: candidates.id,
          firstName: candidates.firstName,
          tagIds: candidates.tagIds,
          updatedAt: candidates.updatedAt,
        })),
      );
    }
    const contacts = candidateRows.flatMap((c, i) => [
      {
        licenceId,
        candidateId: c.id,
        kind: 'email' as const,
        value: `${(c.firstName ?? 'x').toLowerCase()}.${i}@example.com`,
        isPrimary: true,
      },
      {
        licenceId,
        candidateId: c.id,
        kind: 'phone' as const,
        value: `+33 6 ${String(10_000_000 + i * 7919).slice(0, 8)}`,
        isPrimary: true,
      },
    ]);
    for (const batch of batches(contacts)) await tx.insert(candidateContacts).values(batch);
    await refreshContactText(
      tx,
      licenceId,
      candidateRows.map((c) => c.id),
    );
    const tagLinks = candidateRows.flatMap((c) => c.tagIds.map((tagId) => ({ candidateId: c.id, tagId })));
    for (const batch of batches(tagLinks)) await tx.insert(candidateTags).values(batch);
    const offerRows = await tx
      .insert(jobOffers)
      .values(
        OFFERS.map((o, i) => ({
          licenceId,
          name: o.name,
          companyId: companyRows.find((c) => c.name === o.company)?.id ?? null,
          userId: manager?.id ?? null,
          createdAt: new Date(Date.now() - (OFFERS.length - i) * 86_400_000),
        })),
      )
      .returning();
    const applications = offerRows.flatMap((offer) =>
      candidateRows
        .filter(() => rand() < 0.35)
        .map((c) => ({
          licenceId,
          candidateId: c.id,
          candidateUpdatedAt: c.updatedAt,
          jobOfferId: offer.id,
          statusId: pipeline.length ? pick(pipeline).id : null,
        })),
    );
    for (const batch of batches(applications)) await tx.insert(jobApplications).values(batch);
    return {
      candidates: candidateRows.length,
      jobOffers: offerRows.length,
      applications: applications.length,
    };
  });
}
