import { z } from 'zod';
import { Candidate } from './candidates.ts';
import { ApplicationAnswer } from './careers-apply.ts';

/** The job offer of an application, as embedded with it (SPEC section 3: `jobOffer {id, name, company {name}}`). */
export const JobApplicationJobOffer = z.object({
  id: z.number(),
  name: z.string(),
  archived: z.boolean(),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type JobApplicationJobOffer = z.infer<typeof JobApplicationJobOffer>;

/**
 * A candidate in a job offer's pipeline (SPEC section 3). `status_id` / `status` are null when the status
 * was deleted without a replacement. `candidate`, `status` and `job_offer` are present only when asked for
 * with `embed[]=candidate`, `embed[]=status`, `embed[]=job_offer`.
 */
export const JobApplication = z.object({
  id: z.number(),
  candidate_id: z.number(),
  job_offer_id: z.number(),
  status_id: z.number().nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
  /**
   * Where it came from (issue 23): `careers_page`, the `?source=` / `utm_source` of the careers link that
   * brought the applicant, or null for one a recruiter added.
   */
  source: z.string().nullable(),
  /** The answers to the offer's questions given on the apply form, in the form's order (none: `[]`). */
  answers: z.array(ApplicationAnswer),
  candidate: Candidate.optional(),
  status: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable().optional(),
  job_offer: JobApplicationJobOffer.optional(),
  /** `embed[]=activity` (issue 21): the candidate's latest event (null: none yet) and how many notes they have. */
  last_activity: z
    .object({
      kind: z.string(),
      created_at: z.string(),
      actor: z.object({ id: z.number(), name: z.string() }).nullable(),
      data: z.record(z.string(), z.unknown()),
    })
    .nullable()
    .optional(),
  notes_count: z.number().optional(),
  /** With `embed=activity`: the start of the next interview still to come (issue 27), null when none. */
  next_interview_at: z.string().nullable().optional(),
});
export type JobApplication = z.infer<typeof JobApplication>;
