import type { PrivacyRequestKind } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { JobKind } from '../../jobs/job-kind.ts';
import { enqueue } from '../../jobs/queue.ts';
import { recordAudit, userActor } from '../audit/audit.service.ts';
import { candidatesByEmail } from '../candidates/candidate-emails.ts';
import { assertCanHandlePrivacy } from './privacy.policy.ts';
import { LINK_TTL_HOURS, type PrivacyMailPayload, tokenHash } from './privacy-mail.job.ts';
import { findPrivacyRequest } from './privacy-requests.queries.ts';

/** A person's second request of one kind within this many minutes mails nothing more (no mail bombing). */
export const RESEND_AFTER_MINUTES = 60;

/**
 * A request typed on the careers site (issue 24, decision 194). When a candidate of the licence holds the address
 * (the oldest one, as applying finds them), an `unconfirmed` request is written with its audit entry and the
 * confirmation mail is queued to that address, in one transaction. Nothing is written for an unknown address, and
 * nothing more for a request of the same kind made within the hour; the caller answers the same page whatever.
 */
export async function requestFromCareers(
  deps: { db: Db; mail: JobKind<PrivacyMailPayload> },
  input: { licenceId: number; kind: PrivacyRequestKind; email: string; lang: 'en' | 'fr'; address: string },
) {
  const { licenceId, kind } = input;
  return deps.db.transaction(async (tx) => {
    const candidateId = (await candidatesByEmail(tx, licenceId, [input.email])).values().next().value;
    if (candidateId === undefined) return { queued: false };
    const [recent] = await rawRows<{ id: number }>(
      tx,
      sql`select r.id from privacy_requests r
          where ${scopedSql('r', licenceId)} and r.candidate_id = ${candidateId} and r.kind = ${kind}
            and r.state = 'unconfirmed'
            and r.requested_at > now() - make_interval(mins => ${RESEND_AFTER_MINUTES})
          limit 1`,
    );
    if (recent) return { queued: false };
    const [row] = await rawRows<{ id: number }>(
      tx,
      sql`insert into privacy_requests (licence_id, candidate_id, kind, token_expires_at)
          values (${licenceId}, ${candidateId}, ${kind}, now() + make_interval(hours => ${LINK_TTL_HOURS}))
          returning id`,
    );
    if (!row) throw new Error('The privacy request was not written');
    const requestId = Number(row.id);
    await recordAudit(tx, {
      licenceId,
      actor: { kind: 'candidate', id: candidateId },
      address: input.address,
      action: 'privacy_request.create',
      target: { kind: 'privacy_request', id: requestId },
      details: { kind, candidate_id: candidateId },
    });
    await enqueue(tx, deps.mail, { licenceId, requestId, lang: input.lang, to: input.email });
    return { queued: true };
  });
}

/** Whether a mailed link is one of the licence's, unused and unexpired (the page before confirming). */
export async function linkHolds(db: Db, licenceId: number, token: string) {
  const [row] = await rawRows<{ kind: PrivacyRequestKind }>(
    db,
    sql`select r.kind from privacy_requests r
        where ${scopedSql('r', licenceId)} and r.token_hash = ${tokenHash(token)} and r.state = 'unconfirmed'
          and r.token_expires_at > now()`,
  );
  return row?.kind;
}

/**
 * Opening the mailed link and pressing its button (issue 24): the request becomes `open`, due a month after
 * now; the token is spent (its hash cleared) in the same statement, so a link confirms once. Answers the kind,
 * or undefined for a link that is not (or no longer) good.
 */
export async function confirmRequest(db: Db, licenceId: number, token: string, address: string) {
  return db.transaction(async (tx) => {
    const [row] = await rawRows<{ id: number; candidate_id: number | null; kind: PrivacyRequestKind }>(
      tx,
      sql`update privacy_requests r set state = 'open', confirmed_at = now(),
            due_at = now() + interval '1 month', token_hash = null
          where ${scopedSql('r', licenceId)} and r.token_hash = ${tokenHash(token)} and r.state = 'unconfirmed'
            and r.token_expires_at > now()
          returning r.id, r.candidate_id, r.kind`,
    );
    if (!row) return undefined;
    await recordAudit(tx, {
      licenceId,
      actor: { kind: 'candidate', id: row.candidate_id === null ? null : Number(row.candidate_id) },
      address,
      action: 'privacy_request.confirm',
      target: { kind: 'privacy_request', id: Number(row.id) },
      details: { kind: row.kind },
    });
    return row.kind;
  });
}

/**
 * "Mark as done" (issue 24): an admin closes an open request. For an erasure it only closes it: the erasure
 * itself is the candidate's own action (decision 194).
 */
export async function closeRequest(db: Db, caller: Caller, requestId: number, address: string) {
  await db.transaction(async (tx) => {
    const [row] = await rawRows<{ id: number; state: string; kind: string }>(
      tx,
      sql`select r.id, r.state, r.kind from privacy_requests r
          where ${scopedSql('r', caller)} and r.id = ${requestId} and r.state <> 'unconfirmed' for update`,
    );
    // Another licence's request is missing whoever asks; the caller's role is checked once it is found.
    if (!row) throw notFound('Privacy request');
    assertCanHandlePrivacy(caller);
    if (row.state !== 'open') throw conflict('This request is already done');
    await tx.execute(
      sql`update privacy_requests r set state = 'done', done_at = now(), done_by = ${caller.userId}
          where ${scopedSql('r', caller)} and r.id = ${requestId}`,
    );
    await recordAudit(tx, {
      licenceId: caller.licenceId,
      actor: userActor(caller),
      address,
      action: 'privacy_request.close',
      target: { kind: 'privacy_request', id: requestId },
      details: { kind: row.kind },
    });
  });
  const closed = await findPrivacyRequest(db, caller.licenceId, requestId);
  if (!closed) throw notFound('Privacy request');
  return closed;
}
