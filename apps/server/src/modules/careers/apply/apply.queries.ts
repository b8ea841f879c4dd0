import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rawRows } from '../../../db/raw-rows.ts';
import { jobOfferQuestions, statuses } from '../../../db/schema/index.ts';
import { scoped, scopedSql } from '../../../db/tenant-scope.ts';

/** A question of an offer's apply form, as the form asks it. */
export type ApplyQuestion = {
  id: number;
  kind: 'short_text' | 'long_text' | 'yes_no' | 'single_choice';
  label: string;
  choices: string[];
  required: boolean;
};

/** The offer's questions in their order, read within its licence. */
export function offerQuestions(db: Db, licenceId: number, jobOfferId: number): Promise<ApplyQuestion[]> {
  return db
    .select({
      id: jobOfferQuestions.id,
      kind: jobOfferQuestions.kind,
      label: jobOfferQuestions.label,
      choices: jobOfferQuestions.choices,
      required: jobOfferQuestions.required,
    })
    .from(jobOfferQuestions)
    .where(and(scoped(jobOfferQuestions, licenceId), eq(jobOfferQuestions.jobOfferId, jobOfferId)))
    .orderBy(asc(jobOfferQuestions.position), asc(jobOfferQuestions.id));
}

/** The licence's first status (the pipeline's order), where an application from the careers site starts. */
export async function firstStatusId(db: Db, licenceId: number) {
  const [row] = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(scoped(statuses, licenceId))
    .orderBy(asc(statuses.index), asc(statuses.id))
    .limit(1);
  return row?.id ?? null;
}

/** Who hears of a new application: the offer's manager and its assigned users, each once, of its licence. */
export async function offerRecipients(db: Db, licenceId: number, jobOfferId: number) {
  const rows = await rawRows<{ id: number }>(
    db,
    sql`select u.id from users u
        where ${scopedSql('u', licenceId)} and (
          u.id = (select o.user_id from job_offers o where ${scopedSql('o', licenceId)} and o.id = ${jobOfferId})
          or u.id in (select au.user_id from job_offer_assigned_users au where au.job_offer_id = ${jobOfferId}))
        order by u.id`,
  );
  return rows.map((r) => Number(r.id));
}
