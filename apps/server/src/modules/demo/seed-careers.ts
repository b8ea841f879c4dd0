import { type ApplicationAnswer, CAREERS_PAGE_SOURCE } from '@vivier/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  careersSites,
  jobApplications,
  jobOfferQuestions,
  jobOffers,
  notifications,
} from '../../db/schema/index.ts';
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

/** The first demo offer's apply form questions (issue 23). */
const DEMO_QUESTIONS = [
  { kind: 'short_text', label: 'When can you start?', choices: [], required: true },
  { kind: 'yes_no', label: 'Can you come to Lyon twice a week?', choices: [], required: true },
  { kind: 'single_choice', label: 'English level', choices: ['Basic', 'Fluent', 'Native'], required: false },
] as const;

/** Where the demo's careers applications came from, and what they answered, in DEMO_QUESTIONS' order. */
const DEMO_APPLICANTS = [
  { source: CAREERS_PAGE_SOURCE, answers: ['In one month', true, 'Fluent'] },
  { source: 'linkedin', answers: ['Right away', false, 'Native'] },
] as const;

/**
 * Makes the first offer's most recently changed applications (the top of its pipeline) careers applications
 * (issue 23): the offer gets its questions, the applications a source (`careers_page`, `linkedin`) and answers,
 * and the offer's manager a notification of each, so the recruiter's screens show them on a fresh demo.
 */
export async function seedDemoCareersApplications(
  tx: Db,
  licenceId: number,
  offerId: number,
  applications: { id: number; candidateId: number; candidateUpdatedAt: Date }[],
  managerId: number | null,
) {
  const questions = await tx
    .insert(jobOfferQuestions)
    .values(
      DEMO_QUESTIONS.map((question, position) => ({
        licenceId,
        jobOfferId: offerId,
        position,
        ...question,
        choices: [...question.choices],
      })),
    )
    .returning({ id: jobOfferQuestions.id });
  const newest = [...applications].sort(
    (a, b) =>
      b.candidateUpdatedAt.getTime() - a.candidateUpdatedAt.getTime() || b.candidateId - a.candidateId,
  );
  for (const [i, applicant] of DEMO_APPLICANTS.entries()) {
    const application = newest[i];
    if (!application) break;
    const answers: ApplicationAnswer[] = DEMO_QUESTIONS.flatMap((question, q) => {
      const id = questions[q]?.id;
      const answer = applicant.answers[q];
      return id === undefined || answer === undefined
        ? []
        : [{ question_id: id, kind: question.kind, label: question.label, answer }];
    });
    await tx
      .update(jobApplications)
      .set({ source: applicant.source, answers })
      .where(and(scoped(jobApplications, licenceId), eq(jobApplications.id, application.id)));
    if (managerId !== null) {
      await tx.insert(notifications).values({
        licenceId,
        userId: managerId,
        kind: 'application',
        candidateId: application.candidateId,
        jobApplicationId: application.id,
      });
    }
  }
}
