import type { CandidateDraft, ConfirmDraftsInput, ConfirmDraftsResult } from '@vivier/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { candidateDrafts, candidateFiles } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordEvents } from '../activity/activity.service.ts';
import {
  discardOnError,
  type FilesDeps,
  receiveFile,
  type UploadedPart,
} from '../candidate-files/candidate-files.service.ts';
import { readFileText } from '../candidate-files/reading/read-file-text.ts';
import { CANDIDATE_CREDIT_REASON } from '../candidates/candidate-create.service.ts';
import { lockCandidateCreation } from '../candidates/candidate-creation-lock.ts';
import { candidatesByEmail } from '../candidates/candidate-emails.ts';
import { insertCandidates } from '../candidates/candidate-insert.ts';
import { spendCredits } from '../licence/credits.ts';
import { findDuplicates, presentDraft } from './candidate-drafts.queries.ts';
import { detectFields } from './detect-fields.ts';

const NOTHING_DETECTED = { first_name: null, last_name: null, emails: [], phones: [], linkedin_url: null };

/**
 * A CV made a draft (issue 22, decision 188): stored as a candidate's file is (same checks and limit), its
 * text read on a reading thread (decision 186), its name and contacts detected, its possible duplicates
 * found. A file whose text cannot be read is still a draft, with nothing detected.
 */
export async function createDraft(
  deps: FilesDeps,
  caller: Caller,
  part: UploadedPart,
): Promise<CandidateDraft> {
  const received = await receiveFile(deps.store, part, deps.maxFileBytes);
  return discardOnError(deps.store, received.key, async () => {
    const stored = await deps.store.get(received.key);
    if (!stored) throw new Error(`The object ${received.key} was just written and is not there`);
    const reading = await readFileText(stored, received.mediaType);
    // PostgreSQL's text holds no NUL, which a PDF's text may carry.
    const text = reading.ok ? reading.text.replaceAll('\u0000', '') : null;
    const detected = text ? detectFields(text) : NOTHING_DETECTED;
    const [row] = await deps.db
      .insert(candidateDrafts)
      .values({
        licenceId: caller.licenceId,
        userId: caller.userId,
        name: received.name,
        storageKey: received.key,
        mediaType: received.mediaType,
        size: received.size,
        text,
        detected,
      })
      .returning();
    if (!row) throw new Error('The draft was not recorded');
    return presentDraft(row, await findDuplicates(deps.db, caller.licenceId, detected));
  });
}

/**
 * Creates a candidate from each draft, in one transaction (decision 188), as `POST /candidates` creates one:
 * under the licence's creation lock, refused with 409 when an email is already a candidate's, a credit each
 * (402 when too few are left: nothing is written). Each draft's CV becomes its candidate's file marked as the
 * CV, with its text; the drafts go. Another user's or licence's draft answers 404.
 */
export async function confirmDrafts(
  deps: Pick<FilesDeps, 'db'>,
  caller: Caller,
  input: z.output<typeof ConfirmDraftsInput>,
): Promise<ConfirmDraftsResult> {
  const { licenceId, userId } = caller;
  const ids = input.drafts.map((d) => d.id);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(candidateDrafts)
      .where(
        and(
          scoped(candidateDrafts, caller),
          eq(candidateDrafts.userId, userId),
          inArray(candidateDrafts.id, ids),
        ),
      )
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (rows.length !== ids.length) throw notFound('Draft');
    await lockCandidateCreation(tx, licenceId);
    const existing = await candidatesByEmail(
      tx,
      licenceId,
      input.drafts.flatMap((d) => d.emails),
    );
    const [email, candidateId] = [...existing][0] ?? [];
    if (email !== undefined && candidateId !== undefined) {
      throw new AppError(
        'duplicate_candidate',
        `A candidate with the email ${email} already exists (candidate ${candidateId})`,
        { extra: { candidate_id: candidateId } },
      );
    }
    const { creditsLeft } = await spendCredits(tx, {
      licenceId,
      userId,
      amount: input.drafts.length,
      reason: CANDIDATE_CREDIT_REASON,
    });
    const created = await insertCandidates(
      tx,
      licenceId,
      input.drafts.map((d) => ({
        firstName: d.first_name,
        lastName: d.last_name,
        title: null,
        company: null,
        linkedinUrl: d.linkedin_url,
        emails: d.emails,
        phones: d.phones,
        tagIds: [],
      })),
      { basis: 'legitimate_interest', by: userId },
    );
    const drafts = input.drafts.map((d) => byId.get(d.id) as (typeof rows)[number]);
    await recordEvents(
      tx,
      licenceId,
      created.map((id, i) => ({
        candidateId: id,
        kind: 'created' as const,
        actorId: userId,
        data: { how: 'cv', file: drafts[i]?.name },
      })),
    );
    await tx
      .delete(candidateDrafts)
      .where(and(scoped(candidateDrafts, caller), inArray(candidateDrafts.id, ids)));
    await tx.insert(candidateFiles).values(
      drafts.map((draft, i) => ({
        licenceId,
        candidateId: created[i] as number,
        uploaderId: userId,
        name: draft.name,
        storageKey: draft.storageKey,
        mediaType: draft.mediaType,
        size: draft.size,
        isCv: true,
        text: draft.text,
        textState: draft.text === null ? ('failed' as const) : ('done' as const),
      })),
    );
    return {
      created: created.map((candidate_id, i) => ({ draft_id: ids[i] as number, candidate_id })),
      credits_left: creditsLeft,
    };
  });
}
