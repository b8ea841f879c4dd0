import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import { scopedSql } from '../db/tenant-scope.ts';
import { type StatusMoveEvent, statusMoveData } from '../modules/activity/activity.service.ts';
import { emitWebhookEvents } from '../modules/webhook-outbox/webhook-outbox.service.ts';

/** Which applications of a licence a status change takes; every condition given must hold. */
export type StatusChangeScope = {
  jobOfferId?: number;
  applicationIds?: number[];
  candidateIds?: number[];
  /** Only applications in one of these statuses. */
  fromStatuses?: number[];
  /** Only applications without a status or in one before this pipeline index (the contacted move, 082). */
  beforeIndex?: number;
};

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * "These applications changed status": the ONE path of every status move (a single move, a bulk move, the
 * status change after an export, the contacted move after sending), so each one keeps the same lock order and
 * the same denormalised columns. Runs in the caller's transaction, in two statements:
 * 1. the candidates concerned are locked, by id (FOR NO KEY UPDATE): the lock order of candidate-lock.ts,
 *    candidates before their applications (decision 115), so it never deadlocks with another candidate write;
 * 2. one statement of data-modifying CTEs moves the applications, bumps their candidates' `updated_at` and
 *    copies it to every application of those candidates (`candidate_updated_at`, the offer list's order,
 *    decision 050), as `touchCandidates` does, and records one `status_changed` event per moved application
 *    (from, to, offer, who, why: decision 171): the moves and their events commit together or not at all, and a
 *    bulk move of 10,000 writes its 10,000 events in the same statement.
 * Applications already in `statusId` are left alone. Answers the moved applications with their candidates.
 */
export async function changeApplicationStatuses(
  tx: Db,
  licenceId: number,
  scope: StatusChangeScope,
  statusId: number,
  event: StatusMoveEvent,
): Promise<{ id: number; candidateId: number }[]> {
  const conditions: SQL[] = [scopedSql('ja', licenceId), sql`ja.status_id is distinct from ${statusId}`];
  if (scope.jobOfferId !== undefined) conditions.push(sql`ja.job_offer_id = ${scope.jobOfferId}`);
  if (scope.applicationIds) conditions.push(sql`ja.id = any(${intArray(scope.applicationIds)}::int[])`);
  if (scope.candidateIds) conditions.push(sql`ja.candidate_id = any(${intArray(scope.candidateIds)}::int[])`);
  if (scope.fromStatuses) conditions.push(sql`ja.status_id = any(${intArray(scope.fromStatuses)}::int[])`);
  if (scope.beforeIndex !== undefined) {
    conditions.push(sql`(ja.status_id is null or ja.status_id in (
      select s.id from statuses s where ${scopedSql('s', licenceId)} and s.index < ${scope.beforeIndex}))`);
  }
  const where = sql.join(conditions, sql` and `);
  await tx.execute(sql`
    select count(*) from (
      select c.id from candidates c
      where ${scopedSql('c', licenceId)}
        and c.id in (select ja.candidate_id from job_applications ja where ${where})
      order by c.id for no key update of c
    ) locked
  `);
  // The moved rows get their candidate's new time as they move; the candidates' other applications get it in
  // a third step (a row may change only once per statement).
  const rows = await rawRows<{ id: number; candidate_id: number }>(
    tx,
    sql`
    with prior as (
      select ja.id, ja.status_id from job_applications ja where ${where}
    ), moved as (
      update job_applications target
      set status_id = ${statusId}, updated_at = now(), candidate_updated_at = now()
      from prior
      where target.id = prior.id
      returning target.id, target.candidate_id, target.job_offer_id, prior.status_id as from_status_id
    ), touched as (
      update candidates c set updated_at = now()
      where ${scopedSql('c', licenceId)} and c.id in (select candidate_id from moved)
    ), elsewhere as (
      update job_applications other set candidate_updated_at = now()
      where ${scopedSql('other', licenceId)} and other.candidate_id in (select candidate_id from moved)
        and other.id not in (select id from moved)
    ), events as (
      insert into candidate_events (licence_id, candidate_id, job_application_id, job_offer_id, kind, actor_id, data)
      select ${licenceId}, m.candidate_id, m.id, m.job_offer_id, 'status_changed', ${event.actorId},
        ${statusMoveData(event, 'f', 'o', 't')}
      from moved m
      join job_offers o on o.id = m.job_offer_id
      join statuses t on t.id = ${statusId}
      left join statuses f on f.id = m.from_status_id
      order by m.id
    )
    select id, candidate_id from moved`,
  );
  const moved = rows.map((row) => ({ id: Number(row.id), candidateId: Number(row.candidate_id) }));
  // Their webhooks (decision 199): one more statement when an endpoint of the licence takes application.moved.
  await emitWebhookEvents(
    tx,
    licenceId,
    'application.moved',
    moved.map((row) => row.id),
  );
  return moved;
}
