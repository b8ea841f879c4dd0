import { z } from 'zod';
import { QuestionKind } from './job-posting.ts';

export const QUESTIONS_MAX = 20;
export const QUESTION_LABEL_MAX = 200;
export const CHOICES_MIN = 2;
export const CHOICES_MAX = 20;
const CHOICE_MAX = 200;

/** One line of text: line breaks become spaces, trimmed; never empty. */
const line = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'must not be empty' })
        .max(max, { error: `must be at most ${max} characters` }),
    );

/** A question of an offer's apply form (issue 23), as the API answers it, in the form's order. */
export const JobOfferQuestion = z.object({
  id: z.number(),
  kind: QuestionKind,
  label: z.string(),
  /** The answers to pick from, for `single_choice`; empty otherwise. */
  choices: z.array(z.string()),
  required: z.boolean(),
});
export type JobOfferQuestion = z.infer<typeof JobOfferQuestion>;

/** `GET /api/job_offers/{id}/questions`: the offer's questions in order. */
export const JobOfferQuestions = z.object({ data: z.array(JobOfferQuestion) });
export type JobOfferQuestions = z.infer<typeof JobOfferQuestions>;

const QuestionInput = z
  .strictObject({
    /** The question kept (its answers keep pointing at it); absent for a new one. Unknown ids answer 422. */
    id: z.number().int().positive().max(2_147_483_647).optional(),
    kind: QuestionKind,
    label: line(QUESTION_LABEL_MAX),
    choices: z.array(line(CHOICE_MAX)).max(CHOICES_MAX).optional(),
    required: z.boolean().optional(),
  })
  .superRefine((q, ctx) => {
    const count = q.choices?.length ?? 0;
    if (q.kind === 'single_choice' && (count < CHOICES_MIN || count > CHOICES_MAX)) {
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: `a single-choice question needs ${CHOICES_MIN} to ${CHOICES_MAX} choices`,
      });
    }
    if (q.kind !== 'single_choice' && count > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'only a single-choice question has choices',
      });
    }
    if (new Set(q.choices).size !== count) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'must not repeat a choice' });
    }
  });

/**
 * `PUT /api/job_offers/{id}/questions` body: the whole ordered list, replacing the offer's in one transaction
 * (at most QUESTIONS_MAX). Answers the JobOfferQuestions. Same right as changing the offer.
 */
export const JobOfferQuestionsInput = z.strictObject({
  questions: z
    .array(QuestionInput)
    .max(QUESTIONS_MAX, { error: `an offer has at most ${QUESTIONS_MAX} questions` }),
});
export type JobOfferQuestionsInput = z.input<typeof JobOfferQuestionsInput>;
export type QuestionFields = z.output<typeof QuestionInput>;
