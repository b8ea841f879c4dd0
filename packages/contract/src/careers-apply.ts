import { z } from 'zod';
import { QUESTION_KINDS } from './job-posting.ts';

export * from './careers-apply-texts.ts';

/**
 * An answer given on the careers site's apply form (issue 23), as `job_applications.answers` keeps it: the
 * question's id and its label as asked (a question renamed or deleted later leaves the answer readable), its
 * kind, and the answer: text for short / long text and single choice, true / false for yes / no.
 */
export const ApplicationAnswer = z.object({
  question_id: z.number(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  answer: z.union([z.string(), z.boolean()]),
});
export type ApplicationAnswer = z.infer<typeof ApplicationAnswer>;
