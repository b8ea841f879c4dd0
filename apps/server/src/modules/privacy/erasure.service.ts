import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { lockCandidates } from '../candidates/candidate-lock.ts';
import { emitWebhookEvents, forgetWebhookEvents } from '../webhook-outbox/webhook-outbox.service.ts';
import { addressHash, eraseStoredJob } from './erase-stored.job.ts';

export type ErasureMode = 'erase' | 'anonymise';
export type ErasureReason = 'admin' | 'request' | 'retention';

export type EraseOptions = {
  licenceId: number;
  candidateIds: number[];
  actor: AuditActor;
  address?: string | null;
  reason: ErasureReason;
  /** `erase` (default) keeps the applications alone; `anonymise` also keeps the history without its text. */
  mode?: ErasureMode;
};

/**
 * The events an anonymised candidate keeps (decision 193): what happened to their applications, which says
 * nothing of the person once the candidate is a tombstone. Every other kind carries their text (contacts,
 * profile edits, mail subjects and addresses, file names) and goes.
 */
const KEPT_EVENT_KINDS = [
  'status_changed',
  'application_created',
  'application_deleted',
  'application_copied',
  'exported',
];

/** Job kinds whose payload names an application, a notification or a file of the candidate. */
const JOBS_BY_APPLICATION = ['careers.confirmation_mail'];
const JOBS_BY_NOTIFICATION = ['careers.application_notice', 'activity.mention_mail'];
const JOBS_BY_FILE = ['candidate_files.read_text'];

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Erases candidates of the licence (issue 24, decision 193), in the caller's transaction: the candidates are
 * locked first (the lock order of candidate-lock.ts), then every row about them is deleted or emptied, and the
 * candidate row becomes a tombstone with its applications' statuses and dates. Files' objects and the
 * development outbox's mails are removed after commit by a queued job written in the same transaction
 * (erase-stored.job.ts), and by the orphan sweeper if that job never runs. Answers how many were erased now
 * (another licence's, missing and already erased candidates count zero). One audit entry per call.
 */
export async function eraseCandidates(tx: Db, options: EraseOptions): Promise<{ erased: number }> {
  const { licenceId, mode = 'erase' } = options;
  const locked = await lockCandidates(tx, licenceId, options.candidateIds);
  if (locked.length === 0) return { erased: 0 };
  const live = await rawRows<{ id: number }>(
    tx,
    sql`select id from candidates where ${scopedSql(undefined, licenceId)}
        and id = any(${intArray(locked)}::int[]) and erased_at is null order by id`,
  );
  const ids = live.map((row) => Number(row.id));
  if (ids.length === 0) return { erased: 0 };
  const idList = sql`${intArray(ids)}::int[]`;
  const inLicence = scopedSql(undefined, licenceId);
  // Webhooks' events about them not yet sent (decision 199): their bodies would carry what is erased.
  await forgetWebhookEvents(tx, licenceId, ids);

  const contacts = await rawRows<{ kind: string; value: string }>(
    tx,
    sql`delete from candidate_contacts where ${inLicence} and candidate_id = any(${idList}) returning kind, value`,
  );
  const emails = [
    ...new Set(contacts.filter((c) => c.kind === 'email').map((c) => c.value.trim().toLowerCase())),
  ];
  const files = await rawRows<{ id: number; storage_key: string }>(
    tx,
    sql`delete from candidate_files where ${inLicence} and candidate_id = any(${idList}) returning id, storage_key`,
  );
  // A user's draft from a CV of the same person (decision 188), not yet confirmed: found by its addresses.
  const drafts =
    emails.length === 0
      ? []
      : await rawRows<{ storage_key: string }>(
          tx,
          sql`delete from candidate_drafts d where ${scopedSql('d', licenceId)}
              and exists (select 1 from jsonb_array_elements_text(d.detected->'emails') e
                          where lower(trim(e)) = any(${textArray(emails)}))
              returning storage_key`,
        );
  await tx.execute(
    sql`delete from candidate_tags ct using candidates c
        where c.id = ct.candidate_id and ${scopedSql('c', licenceId)} and c.id = any(${idList})`,
  );
  const notes = await rawRows<{ n: number }>(
    tx,
    sql`with gone as (delete from candidate_notes where ${inLicence} and candidate_id = any(${idList}) returning 1)
        select count(*)::int as n from gone`,
  );
  const notifications = await rawRows<{ id: number }>(
    tx,
    sql`delete from notifications where ${inLicence} and candidate_id = any(${idList}) returning id`,
  );
  // Retention's records of them (decision 195): an exclusion's reason is a recruiter's words about the person.
  await tx.execute(
    sql`delete from retention_exclusions where ${inLicence} and candidate_id = any(${idList})`,
  );
  await tx.execute(sql`delete from retention_notices where ${inLicence} and candidate_id = any(${idList})`);
  if (mode === 'erase') {
    await tx.execute(sql`delete from candidate_events where ${inLicence} and candidate_id = any(${idList})`);
    await tx.execute(sql`delete from candidate_emails where ${inLicence} and candidate_id = any(${idList})`);
    await tx.execute(
      sql`delete from candidate_consents where ${inLicence} and candidate_id = any(${idList})`,
    );
  } else {
    await tx.execute(
      sql`delete from candidate_events where ${inLicence} and candidate_id = any(${idList})
          and kind <> all(${textArray(KEPT_EVENT_KINDS)})`,
    );
    // A rejection's free text is the recruiter's words about the person.
    await tx.execute(
      sql`update candidate_events set data = data - 'reason_text'
          where ${inLicence} and candidate_id = any(${idList}) and data ? 'reason_text'`,
    );
    // Counted, not named: that a message was sent and when, by whom; not to which address nor what it said.
    await tx.execute(
      sql`update candidate_emails set recipient = '', subject = '', content = ''
          where ${inLicence} and candidate_id = any(${idList})`,
    );
    // That consent was given, to which notice and when; not from which address.
    await tx.execute(
      sql`update candidate_consents set address = '' where ${inLicence} and candidate_id = any(${idList})`,
    );
  }
  // Pending messages of a send are not sent; sent ones are forgotten with their address.
  await tx.execute(
    sql`delete from email_send_recipients r using email_sends s
        where s.id = r.send_id and ${scopedSql('s', licenceId)} and r.candidate_id = any(${idList})`,
  );
  const applications = await rawRows<{ id: number }>(
    tx,
    sql`update job_applications set answers = '[]'::jsonb, comment = null
        where ${inLicence} and candidate_id = any(${idList}) returning id`,
  );
  await forgetJobs(tx, licenceId, {
    applications: applications.map((a) => String(a.id)),
    notifications: notifications.map((n) => String(n.id)),
    files: files.map((f) => String(f.id)),
    emails,
  });
  await tx.execute(
    sql`update candidates set first_name = null, last_name = null, linkedin_url = null, picture_url = null,
          details = '{}'::jsonb, manual_data = '{}'::jsonb, social_networks = '[]'::jsonb,
          tag_ids = '{}'::int[], contact_text = '', erased_at = now(), updated_at = now()
        where ${inLicence} and id = any(${idList})`,
  );
  await emitWebhookEvents(tx, licenceId, 'candidate.erased', ids);
  const keys = [...files, ...drafts].map((f) => f.storage_key);
  if (keys.length > 0 || emails.length > 0) {
    const salt = randomBytes(16).toString('hex');
    await enqueue(tx, eraseStoredJob(), {
      keys,
      salt,
      addressHashes: emails.map((email) => addressHash(salt, email)),
    });
  }
  await recordAudit(tx, {
    licenceId,
    actor: options.actor,
    address: options.address ?? null,
    action: 'candidate.erase',
    ...(ids.length === 1 && ids[0] !== undefined ? { target: { kind: 'candidate', id: ids[0] } } : {}),
    details: {
      reason: options.reason,
      mode,
      candidate_ids: ids,
      candidates: ids.length,
      contacts: contacts.length,
      files: files.length,
      drafts: drafts.length,
      notes: Number(notes[0]?.n ?? 0),
      applications: applications.length,
    },
  });
  return { erased: ids.length };
}

/**
 * Deletes the queue's rows whose payload names the candidates (their confirmation mail, a notice, a mention,
 * a file's reading, or any payload holding one of their addresses), whatever their state but running: a
 * running job's row is its worker's, and the job finds its application, notification or file gone.
 */
async function forgetJobs(
  tx: Db,
  licenceId: number,
  refs: { applications: string[]; notifications: string[]; files: string[]; emails: string[] },
) {
  const patterns = refs.emails.map((email) => `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  await tx.execute(
    sql`delete from jobs where state <> 'running' and payload->>'licenceId' = ${String(licenceId)} and (
          (kind = any(${textArray(JOBS_BY_APPLICATION)}) and payload->>'applicationId' = any(${textArray(refs.applications)}))
          or (kind = any(${textArray(JOBS_BY_NOTIFICATION)}) and payload->>'notificationId' = any(${textArray(refs.notifications)}))
          or (kind = any(${textArray(JOBS_BY_FILE)}) and payload->>'fileId' = any(${textArray(refs.files)}))
          or lower(payload::text) like any(${textArray(patterns)}))`,
  );
  // A mail server's refusal may quote the address; the job (a send to many) stays, its error without it.
  if (patterns.length > 0) {
    await tx.execute(
      sql`update jobs set last_error = 'erased'
          where lower(last_error) like any(${textArray(patterns)})
            and (payload->>'licenceId' = ${String(licenceId)}
                 or exists (select 1 from email_sends s
                            where ${scopedSql('s', licenceId)} and s.id::text = jobs.payload->>'sendId'))`,
    );
  }
}

/** Whether the licence's candidate was erased (its row is a tombstone); false for no candidate of the licence. */
export async function isErased(db: Db, licenceId: number, candidateId: number): Promise<boolean> {
  const [row] = await rawRows<{ erased: boolean }>(
    db,
    sql`select erased_at is not null as erased from candidates
        where ${scopedSql(undefined, licenceId)} and id = ${candidateId}`,
  );
  return Boolean(row?.erased);
}
