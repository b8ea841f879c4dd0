import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tags } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { spendCredits } from '../licence/credits.ts';
import { lockCandidateCreation } from './candidate-creation-lock.ts';
import { candidatesByEmail, emailKey } from './candidate-emails.ts';
import { type CandidateDraft, insertCandidates } from './candidate-insert.ts';

/** What spends a credit, as `credit_events.reason` records it (decision 004). */
export const CANDIDATE_CREDIT_REASON = 'candidate_added';

/** Repeated emails or phones (ignoring case and spaces) are kept once, the first spelling wins. */
export function uniqueValues(values: string[], key: (v: string) => string) {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = key(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
export const phoneKey = (phone: string) => phone.replace(/[^0-9+]/g, '');

/**
 * Adds one candidate to the licence's database by hand, in one transaction: tags must be the licence's
 * (422), no candidate may have one of its emails already (409 naming it), and it costs one credit (402 at
 * zero, decision 004). Answers the new id.
 */
export async function createCandidate(db: Db, caller: Caller, draft: CandidateDraft) {
  const licenceId = caller.licenceId;
  const candidate: CandidateDraft = {
    ...draft,
    emails: uniqueValues(draft.emails, emailKey),
    phones: uniqueValues(draft.phones, phoneKey),
    tagIds: [...new Set(draft.tagIds)],
  };
  return db.transaction(async (tx) => {
    if (candidate.tagIds.length > 0) {
      const found = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(scoped(tags, licenceId), inArray(tags.id, candidate.tagIds)));
      const known = new Set(found.map((t) => t.id));
      const missing = candidate.tagIds.find((id) => !known.has(id));
      if (missing !== undefined) throw new AppError('invalid_reference', `Tag ${missing} not found`);
    }
    await lockCandidateCreation(tx, licenceId);
    const existing = await candidatesByEmail(tx, licenceId, candidate.emails);
    const [email, candidateId] = [...existing][0] ?? [];
    if (email !== undefined && candidateId !== undefined) {
      throw new AppError(
        'duplicate_candidate',
        `A candidate with the email ${email} already exists (candidate ${candidateId})`,
        { extra: { candidate_id: candidateId } },
      );
    }
    await spendCredits(tx, { licenceId, userId: caller.userId, reason: CANDIDATE_CREDIT_REASON });
    const [id] = await insertCandidates(tx, licenceId, [candidate], {
      basis: 'legitimate_interest',
      by: caller.userId,
    });
    if (id === undefined) throw new Error('The candidate was not created');
    await recordEvents(tx, licenceId, [
      { candidateId: id, kind: 'created', actorId: caller.userId, data: { how: 'form' } },
    ]);
    return id;
  });
}
