import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates, candidateTags } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { lockTag } from '../tags/tags.queries.ts';
import { lockCandidate } from './candidate-lock.ts';
import { touchCandidates } from './candidates.queries.ts';

/**
 * A tag change on a locked candidate: `candidate_tags` and its mirror `candidates.tag_ids` (the array the tag
 * search reads) change in the same transaction, and `updated_at` moves only when something changed.
 */
async function changeTag(
  db: Db,
  caller: Caller,
  candidateId: number,
  tagId: number,
  change: (tx: Db) => Promise<boolean>,
  mirror: ReturnType<typeof sql>,
  kind: 'tag_added' | 'tag_removed',
) {
  await db.transaction(async (tx) => {
    // The tag, then the candidate: the order a tag deletion takes them in (tags.queries.ts lockTag).
    const tag = await lockTag(tx, caller.licenceId, tagId, 'share');
    await lockCandidate(tx, caller.licenceId, candidateId);
    if (!tag) throw notFound('Tag');
    if (!(await change(tx))) return;
    await tx
      .update(candidates)
      .set({ tagIds: mirror })
      .where(and(scoped(candidates, caller), eq(candidates.id, candidateId)));
    await touchCandidates(tx, caller.licenceId, [candidateId]);
    await recordEvents(tx, caller.licenceId, [
      { candidateId, kind, actorId: caller.userId, data: { tag: { id: tag.id, name: tag.name } } },
    ]);
  });
}

/** Tags a candidate with a tag of the licence; tagging twice changes nothing (SPEC section 7). */
export function attachCandidateTag(db: Db, caller: Caller, candidateId: number, tagId: number) {
  return changeTag(
    db,
    caller,
    candidateId,
    tagId,
    async (tx) =>
      (await tx.insert(candidateTags).values({ candidateId, tagId }).onConflictDoNothing().returning())
        .length > 0,
    sql`array_append(array_remove(${candidates.tagIds}, ${tagId}::int), ${tagId}::int)`,
    'tag_added',
  );
}

/** Removes a tag from a candidate; removing one it does not have changes nothing. */
export function detachCandidateTag(db: Db, caller: Caller, candidateId: number, tagId: number) {
  return changeTag(
    db,
    caller,
    candidateId,
    tagId,
    async (tx) =>
      (
        await tx
          .delete(candidateTags)
          .where(and(eq(candidateTags.candidateId, candidateId), eq(candidateTags.tagId, tagId)))
          .returning()
      ).length > 0,
    sql`array_remove(${candidates.tagIds}, ${tagId}::int)`,
    'tag_removed',
  );
}
