import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rawRows } from '../../../db/raw-rows.ts';
import { candidateConsents, candidateFiles, notifications } from '../../../db/schema/index.ts';
import { scopedSql } from '../../../db/tenant-scope.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { idsSql, recordApplicationEvents, recordEvents } from '../../activity/activity.service.ts';
import { enqueueReading } from '../../candidate-files/candidate-files.service.ts';
import { type FileStore, newStorageKey } from '../../candidate-files/file-store.ts';
import { addGivenPhone } from '../../candidates/candidate-contacts.service.ts';
import { lockCandidateCreationOfEmail } from '../../candidates/candidate-creation-lock.ts';
import { candidatesByEmail, emailKey } from '../../candidates/candidate-emails.ts';
import { insertCandidates } from '../../candidates/candidate-insert.ts';
import { holdByConsent, touchCandidates } from '../../candidates/candidates.queries.ts';
import { spendCredits } from '../../licence/credits.ts';
import { firstStatusId, offerRecipients } from './apply.queries.ts';
import type { Application } from './apply-form.ts';
import type { ApplyJobs } from './apply-mail.job.ts';

/** What a careers application spends a credit for when it adds a candidate (decision 189). */
export const CAREERS_CREDIT_REASON = 'careers_application';

export type ApplyDeps = { db: Db; store: FileStore; jobs: ApplyJobs };

export type ApplyTarget = {
  licenceId: number;
  jobOfferId: number;
  /** The visitor's language: the confirmation mail's. */
  lang: 'en' | 'fr';
  /** The consent as the visitor read it, and where the form came from. */
  consentText: string;
  address: string;
};

/**
 * What applying does (issue 23, decision 191), in ONE transaction: the candidate found by email or created (a
 * credit spent, never refused: the licence may go over), the CV attached as the candidate's CV and its reading
 * queued, the application at the licence's first status (a second application to the offer updates the first:
 * its answers and source, never a duplicate), the consent, the timeline's events, a notification for each of
 * the offer's people, and the two mails queued. The CV's object is in the store already; the caller deletes it
 * if this throws.
 */
export async function applyToOffer(deps: ApplyDeps, target: ApplyTarget, application: Application) {
  const letterKey = application.coverLetter
    ? await storeText(deps.store, application.coverLetter)
    : undefined;
  try {
    return await applyInTransaction(deps, target, application, letterKey);
  } catch (error) {
    if (letterKey) await deps.store.delete(letterKey);
    throw error;
  }
}

/** A text written to the store as a file's object (the cover letter), before the transaction that names it. */
async function storeText(store: FileStore, text: string) {
  const key = newStorageKey();
  await store.put(key, Readable.from([Buffer.from(text)]));
  return key;
}

async function applyInTransaction(
  deps: ApplyDeps,
  target: ApplyTarget,
  application: Application,
  letterKey: string | undefined,
) {
  const { licenceId, jobOfferId } = target;
  return deps.db.transaction(async (tx) => {
    // Two applications of one email take turns, and a recruiter's create or import waits: no candidate twice.
    await lockCandidateCreationOfEmail(tx, licenceId, emailKey(application.email));
    const found = (await candidatesByEmail(tx, licenceId, [application.email])).values().next().value;
    const candidateId = found ?? (await createApplicant(tx, licenceId, application));
    // A known candidate gets the phone they gave if it is new to them, and moves to the top of the lists; a
    // new one is there already.
    if (found !== undefined) {
      await addGivenPhone(tx, licenceId, candidateId, application.phone);
      await touchCandidates(tx, licenceId, [candidateId]);
    }
    await attachFiles(deps, tx, { licenceId, candidateId, lang: target.lang }, application, letterKey);
    const statusId = await firstStatusId(tx, licenceId);
    const [row] = await rawRows<{ id: number; created: boolean }>(
      tx,
      sql`insert into job_applications as ja
            (licence_id, candidate_id, job_offer_id, status_id, source, answers, candidate_updated_at)
          select ${licenceId}, c.id, ${jobOfferId}, ${statusId}, ${application.source},
            ${JSON.stringify(application.answers)}::jsonb, c.updated_at
          from candidates c where ${scopedSql('c', licenceId)} and c.id = ${candidateId}
          on conflict (job_offer_id, candidate_id) do update
            set answers = excluded.answers, source = excluded.source, updated_at = now()
          returning ja.id, (xmax = 0) as created`,
    );
    if (!row) throw new Error('The application was not written');
    const applicationId = Number(row.id);
    if (row.created) {
      await recordApplicationEvents(tx, licenceId, 'application_created', null, idsSql([applicationId]), {
        via: 'careers',
        source: application.source,
      });
    }
    await tx.insert(candidateConsents).values({
      licenceId,
      candidateId,
      jobApplicationId: applicationId,
      text: target.consentText,
      address: target.address,
    });
    // The form's consent is the legal basis from now on, a known candidate's included (issue 24).
    if (found !== undefined) await holdByConsent(tx, licenceId, candidateId);
    await notifyRecipients(deps, tx, licenceId, jobOfferId, candidateId, applicationId);
    // Last: the licence's row stays locked from this update to the commit, so applicants queue on it briefly.
    if (found === undefined) {
      await spendCredits(tx, {
        licenceId,
        userId: null,
        reason: CAREERS_CREDIT_REASON,
        allowOverdraft: true,
      });
    }
    await enqueue(tx, deps.jobs.confirmation, {
      licenceId,
      applicationId,
      lang: target.lang,
      to: application.email,
      firstName: application.firstName,
      lastName: application.lastName,
    });
    return { candidateId, applicationId, created: Boolean(row.created), newCandidate: found === undefined };
  });
}

/** A new candidate from the form (its credit is spent at the end of the transaction, decision 189). */
async function createApplicant(tx: Db, licenceId: number, application: Application) {
  const [id] = await insertCandidates(
    tx,
    licenceId,
    [
      {
        firstName: application.firstName,
        lastName: application.lastName,
        title: null,
        company: null,
        linkedinUrl: null,
        emails: [application.email],
        phones: [application.phone],
        tagIds: [],
      },
    ],
    { basis: 'consent' },
  );
  if (id === undefined) throw new Error('The candidate was not created');
  await recordEvents(tx, licenceId, [
    { candidateId: id, kind: 'created', actorId: null, data: { how: 'careers', file: application.cv.name } },
  ]);
  return id;
}

/**
 * The CV becomes the candidate's CV (a previous one stays, as a plain file), and a cover letter is kept as a
 * text file beside it: both read and searchable like any other file (decision 185).
 */
async function attachFiles(
  deps: ApplyDeps,
  tx: Db,
  { licenceId, candidateId, lang }: { licenceId: number; candidateId: number; lang: 'en' | 'fr' },
  application: Application,
  letterKey: string | undefined,
) {
  await tx.execute(
    sql`update candidate_files set is_cv = false
        where ${scopedSql(undefined, licenceId)} and candidate_id = ${candidateId} and is_cv`,
  );
  const { cv } = application;
  const files = await tx
    .insert(candidateFiles)
    .values({
      licenceId,
      candidateId,
      uploaderId: null,
      name: cv.name,
      storageKey: cv.key,
      mediaType: cv.mediaType,
      size: cv.size,
      isCv: true,
    })
    .returning({ id: candidateFiles.id });
  if (letterKey) {
    const [letter] = await tx
      .insert(candidateFiles)
      .values({
        licenceId,
        candidateId,
        uploaderId: null,
        name: lang === 'fr' ? 'Lettre de motivation.txt' : 'Cover letter.txt',
        storageKey: letterKey,
        mediaType: 'text/plain',
        size: Buffer.byteLength(application.coverLetter),
        text: application.coverLetter,
        textState: 'done',
      })
      .returning({ id: candidateFiles.id });
    if (!letter) throw new Error('The cover letter was not recorded');
  }
  for (const file of files) await enqueueReading(tx, deps.store, licenceId, file.id);
}

/** One in-app notification per person of the offer, each mailed by its own queued job. */
async function notifyRecipients(
  deps: ApplyDeps,
  tx: Db,
  licenceId: number,
  jobOfferId: number,
  candidateId: number,
  applicationId: number,
) {
  const userIds = await offerRecipients(tx, licenceId, jobOfferId);
  if (userIds.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        licenceId,
        userId,
        kind: 'application',
        candidateId,
        jobApplicationId: applicationId,
      })),
    )
    .returning({ id: notifications.id });
  for (const row of rows) await enqueue(tx, deps.jobs.notice, { licenceId, notificationId: row.id });
}
