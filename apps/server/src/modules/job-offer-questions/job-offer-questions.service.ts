import type { JobOfferQuestion, QuestionFields } from '@vivier/contract';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobOfferQuestions, jobOffers } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { assertCanEditJobOffer } from '../job-offers/job-offer.policy.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';

const columns = {
  id: jobOfferQuestions.id,
  kind: jobOfferQuestions.kind,
  label: jobOfferQuestions.label,
  choices: jobOfferQuestions.choices,
  required: jobOfferQuestions.required,
};

/** The questions of an offer the caller sees, in the form's order; 404 when the offer is not theirs to see. */
export async function listQuestions(db: Db, caller: Caller, jobOfferId: number): Promise<JobOfferQuestion[]> {
  if (!(await findJobOfferAccess(db, caller, jobOfferId))) throw notFound('Job offer');
  return questionsOf(db, caller.licenceId, jobOfferId);
}

const questionsOf = (db: Db, licenceId: number, jobOfferId: number) =>
  db
    .select(columns)
    .from(jobOfferQuestions)
    .where(and(scoped(jobOfferQuestions, licenceId), eq(jobOfferQuestions.jobOfferId, jobOfferId)))
    .orderBy(asc(jobOfferQuestions.position), asc(jobOfferQuestions.id));

/**
 * Replaces an offer's questions with the list sent, in its order, in one transaction (decision 189): a
 * question sent with its id is changed in place (so answers already given keep naming it), one without is
 * added, one left out is deleted. The right is the offer's: who may change the offer may change its form.
 */
export async function saveQuestions(db: Db, caller: Caller, jobOfferId: number, questions: QuestionFields[]) {
  const offer = await findJobOfferAccess(db, caller, jobOfferId);
  if (!offer) throw notFound('Job offer');
  assertCanEditJobOffer(caller, offer);
  return db.transaction(async (tx) => {
    // Two editors saving at once take turns: the second one's list is the one kept, whole.
    await tx
      .select({ id: jobOffers.id })
      .from(jobOffers)
      .where(and(scoped(jobOffers, caller), eq(jobOffers.id, jobOfferId)))
      .for('update');
    const stored = new Set((await questionsOf(tx, caller.licenceId, jobOfferId)).map((q) => q.id));
    const kept = questions.flatMap((q) => (q.id === undefined ? [] : [q.id]));
    const unknown = kept.find((id) => !stored.has(id));
    if (unknown !== undefined) throw new AppError('invalid_reference', `Question ${unknown} not found`);
    if (new Set(kept).size !== kept.length)
      throw new AppError('invalid_reference', 'A question is sent twice');
    const ofOffer = and(scoped(jobOfferQuestions, caller), eq(jobOfferQuestions.jobOfferId, jobOfferId));
    await tx
      .delete(jobOfferQuestions)
      .where(kept.length > 0 ? and(ofOffer, notInArray(jobOfferQuestions.id, kept)) : ofOffer);
    for (const [position, q] of questions.entries()) {
      const values = {
        position,
        kind: q.kind,
        label: q.label,
        choices: q.kind === 'single_choice' ? (q.choices ?? []) : [],
        required: q.required ?? false,
      };
      if (q.id === undefined) {
        await tx.insert(jobOfferQuestions).values({ licenceId: caller.licenceId, jobOfferId, ...values });
      } else {
        await tx
          .update(jobOfferQuestions)
          .set(values)
          .where(and(ofOffer, eq(jobOfferQuestions.id, q.id)));
      }
    }
    return questionsOf(tx, caller.licenceId, jobOfferId);
  });
}
