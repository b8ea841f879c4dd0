import type { CandidateEventKind, RejectionInput } from '@vivier/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidateEvents, rejectionReasons, statuses } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { AppError } from '../../http/app-error.ts';
import { emitWebhookEvents } from '../webhook-outbox/webhook-outbox.service.ts';

/**
 * The write side of a candidate's activity (issue 21, docs/decisions/171-candidate-activity.md). Every function
 * here runs in the transaction of the change it records, given as `tx`: the change and its event commit
 * together or not at all. Nothing here opens a transaction of its own.
 */

export type CandidateEventInput = {
  candidateId: number;
  kind: CandidateEventKind;
  actorId: number | null;
  jobApplicationId?: number | null;
  jobOfferId?: number | null;
  data?: Record<string, unknown>;
};

/** The candidate webhook each kind of recorded event is (decision 199); the others are none, or sent elsewhere. */
const CANDIDATE_WEBHOOKS: Partial<Record<CandidateEventKind, 'candidate.created' | 'candidate.updated'>> = {
  created: 'candidate.created',
  imported: 'candidate.created',
  profile_edited: 'candidate.updated',
  tag_added: 'candidate.updated',
  tag_removed: 'candidate.updated',
  contact_added: 'candidate.updated',
  contact_removed: 'candidate.updated',
  contact_made_primary: 'candidate.updated',
};

/**
 * Records events in ONE multi-row insert (nothing when there are none), and their webhooks' events in the
 * same transaction (one per candidate and type, only when an endpoint of the licence takes it).
 */
export async function recordEvents(tx: Db, licenceId: number, events: CandidateEventInput[]) {
  if (events.length === 0) return;
  const webhooks = new Map<'candidate.created' | 'candidate.updated', Set<number>>();
  for (const e of events) {
    const type = CANDIDATE_WEBHOOKS[e.kind];
    if (type) webhooks.set(type, (webhooks.get(type) ?? new Set()).add(e.candidateId));
  }
  for (const [type, ids] of webhooks) await emitWebhookEvents(tx, licenceId, type, [...ids]);
  await tx.insert(candidateEvents).values(
    events.map((e) => ({
      licenceId,
      candidateId: e.candidateId,
      kind: e.kind,
      actorId: e.actorId,
      jobApplicationId: e.jobApplicationId ?? null,
      jobOfferId: e.jobOfferId ?? null,
      data: e.data ?? {},
    })),
  );
}

/**
 * One event per application `applications` selects (a statement over `job_applications ja`), in ONE
 * INSERT … SELECT: the bulk paths (bulk create, copy, export) write 10,000 events in one round trip. `data`
 * gets `offer: {id, name}` and `status: {id, name} | null` of each application, plus `extra`. A created or
 * copied application is the webhook `application.created`, and `application.applied` too when it came from the
 * careers site (`extra.via` 'careers'); a deleted one is sent by its service, which has its last state.
 */
export async function recordApplicationEvents(
  tx: Db,
  licenceId: number,
  kind: CandidateEventKind,
  actorId: number | null,
  applications: SQL,
  extra: Record<string, unknown> = {},
) {
  await tx.execute(sql`
    insert into candidate_events (licence_id, candidate_id, job_application_id, job_offer_id, kind, actor_id, data)
    select ja.licence_id, ja.candidate_id, ja.id, ja.job_offer_id, ${kind}, ${actorId},
      jsonb_build_object(
        'offer', jsonb_build_object('id', o.id, 'name', o.name),
        'status', case when s.id is null then null else jsonb_build_object('id', s.id, 'name', s.name) end
      ) || ${JSON.stringify(extra)}::jsonb
    from job_applications ja
    join job_offers o on o.id = ja.job_offer_id
    left join statuses s on s.id = ja.status_id
    where ${scopedSql('ja', licenceId)} and ja.id in (${applications})
    order by ja.id`);
  if (kind === 'application_created' || kind === 'application_copied') {
    const ids = sql`select ja.id from job_applications ja
      where ${scopedSql('ja', licenceId)} and ja.id in (${applications})`;
    await emitWebhookEvents(tx, licenceId, 'application.created', ids);
    if (extra.via === 'careers') await emitWebhookEvents(tx, licenceId, 'application.applied', ids);
  }
}

/** A list of ids as the `applications` statement of `recordApplicationEvents`. */
export const idsSql = (ids: number[]) =>
  sql`select unnest(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;

/** What a status move records beside from, to and offer: who, through which path, and why (a rejection). */
export type StatusMoveEvent = {
  actorId: number | null;
  via: 'move' | 'bulk' | 'export' | 'email' | 'status_deleted';
  rejection?: Rejection | null;
};

/** The reason stored on a move to a rejected status. */
export type Rejection = { reason: { id: number; name: string } | null; text: string | null };

/**
 * The `data` of a status move's events as SQL, for `changeApplicationStatuses`' single statement: `fromAlias`
 * is the previous status (a `statuses` row, may be null), `offerAlias` the offer, `to` the new status row.
 */
export function statusMoveData(
  event: StatusMoveEvent,
  fromAlias: string,
  offerAlias: string,
  toAlias: string,
) {
  const extra: Record<string, unknown> = { via: event.via };
  if (event.rejection) {
    extra.reason = event.rejection.reason;
    if (event.rejection.text) extra.reason_text = event.rejection.text;
  }
  const from = sql.raw(fromAlias);
  const offer = sql.raw(offerAlias);
  const to = sql.raw(toAlias);
  return sql`jsonb_build_object(
      'from', case when ${from}.id is null then null else jsonb_build_object('id', ${from}.id, 'name', ${from}.name) end,
      'to', jsonb_build_object('id', ${to}.id, 'name', ${to}.name),
      'offer', jsonb_build_object('id', ${offer}.id, 'name', ${offer}.name)
    ) || ${JSON.stringify(extra)}::jsonb`;
}

/**
 * The rejection a move to `statusId` records: null when the status is not marked rejected; when it is, a
 * reason of the licence (422 `invalid_reference` for another) or free text is required (422
 * `rejection_reason_required`).
 */
export async function rejectionFor(
  db: Db,
  licenceId: number,
  statusId: number,
  input: { reason_id?: number | undefined; text?: string | undefined } | RejectionInput | undefined,
): Promise<Rejection | null> {
  const [status] = await db
    .select({ rejected: statuses.rejected })
    .from(statuses)
    .where(and(scoped(statuses, licenceId), eq(statuses.id, statusId)));
  if (!status?.rejected) return null;
  const text = input?.text?.trim() || null;
  let reason: Rejection['reason'] = null;
  if (input?.reason_id !== undefined) {
    const [row] = await db
      .select({ id: rejectionReasons.id, name: rejectionReasons.name })
      .from(rejectionReasons)
      .where(and(scoped(rejectionReasons, licenceId), eq(rejectionReasons.id, input.reason_id)));
    if (!row) throw new AppError('invalid_reference', 'Rejection reason not found');
    reason = row;
  }
  if (!reason && !text) {
    throw new AppError('rejection_reason_required', 'Moving to a rejected status needs a reason');
  }
  return { reason, text };
}
