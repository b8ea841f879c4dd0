import { and, eq, sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import {
  candidates,
  jobApplications,
  jobOfferAssignedUsers,
  jobOfferQuestions,
} from '../../../db/schema/index.ts';
import { withMailingApp } from '../../../test/fixtures/email-sending.ts';
import type { Organisation } from '../../../test/fixtures/organisation.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { SmtpSink } from '../../../test/smtp-sink.ts';
import { careersLicence } from '../careers.fixtures.ts';
import { visitor } from './apply.fixtures.ts';

export type ApplyWorld = {
  t: TestApp;
  org: Organisation;
  sink: SmtpSink;
  acme: Awaited<ReturnType<typeof careersLicence>>;
  offerUrl: string;
  offerId: number;
  questionIds: number[];
  /** A visitor with a client address of its own (the per-address limits are theirs). */
  newVisitor: () => ReturnType<typeof visitor>;
  candidatesWith: (
    email: string,
  ) => Promise<{ id: number; firstName: string | null; lastName: string | null }[]>;
  applicationsOf: (candidateId: number) => Promise<(typeof jobApplications.$inferSelect)[]>;
  /** Answers to the offer's three questions, as form fields. */
  answers: () => [string, string][];
};

/**
 * The world of the apply tests (issue 23, decision 191): an app that mails to an SMTP sink, with low per-address
 * limits and no minimum fill time, and the careers site `acme-apply` with one offer (`backend`), an assigned user
 * and three questions (short text required, yes/no, single choice required). `set` receives it once made.
 */
export function withApplyWorld(set: (world: ApplyWorld) => void) {
  let t: TestApp;
  let org: Organisation;
  let sink: SmtpSink;
  withMailingApp(
    {
      pollMs: 20,
      env: {
        VIVIER_CAREERS_MIN_FILL_SECONDS: '0',
        VIVIER_CAREERS_APPLY_FREE: '3',
        VIVIER_CAREERS_APPLY_MAX: '6',
        VIVIER_PUBLIC_URL: 'https://jobs.example.test',
        VIVIER_MAX_FILE_BYTES: '100000',
      },
    },
    (made) => ({ t, org, sink } = made),
  );

  beforeAll(async () => {
    const acme = await careersLicence(t, 'acme-apply', { privacyNoticeUrl: 'https://acme.example/privacy' });
    const offer = await acme.offer({ name: 'Backend developer', publicSlug: 'backend' });
    const assigned = await t.user(acme.licenceId, 'assigned@acme-apply.test');
    await t.db.insert(jobOfferAssignedUsers).values({ jobOfferId: offer.id, userId: assigned.id });
    const question = { licenceId: acme.licenceId, jobOfferId: offer.id };
    const rows = await t.db
      .insert(jobOfferQuestions)
      .values([
        { ...question, position: 0, kind: 'short_text', label: 'Years of Go?', required: true },
        { ...question, position: 1, kind: 'yes_no', label: 'Can you relocate?' },
        {
          ...question,
          position: 2,
          kind: 'single_choice',
          label: 'Start',
          choices: ['Now', 'In 3 months'],
          required: true,
        },
      ])
      .returning({ id: jobOfferQuestions.id });
    const questionIds = rows.map((r) => r.id);
    let address = 0;
    set({
      t,
      org,
      sink,
      acme,
      offerUrl: '/careers/acme-apply/jobs/backend',
      offerId: offer.id,
      questionIds,
      newVisitor: () => visitor(t, `203.0.113.${++address}`),
      candidatesWith: (email) =>
        t.db
          .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName })
          .from(candidates)
          .where(
            and(
              eq(candidates.licenceId, acme.licenceId),
              sql`exists (select 1 from candidate_contacts cc where cc.candidate_id = ${candidates.id} and lower(cc.value) = ${email.toLowerCase()})`,
            ),
          ),
      applicationsOf: (candidateId) =>
        t.db.select().from(jobApplications).where(eq(jobApplications.candidateId, candidateId)),
      answers: () => [
        [`q_${questionIds[0]}`, '5'],
        [`q_${questionIds[1]}`, 'yes'],
        [`q_${questionIds[2]}`, 'In 3 months'],
      ],
    });
  });
}
