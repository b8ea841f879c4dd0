import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates, tags } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { NamedListService } from '../../http/named-list-routes.ts';
import { assertCanCreateTag, assertCanManageTags } from './tag.policy.ts';
import { findTag, lockTag, tagCatalog } from './tags.queries.ts';

/**
 * Tags: a named list (db/named-catalog.ts) anyone may add to unless `tags_rule` says otherwise, which only
 * admins rename or delete (tag.policy.ts). Creating finds the licence's tag of that name ignoring case
 * (docs/decisions 021-duplicate-names.md): 'Create and add tag' then still adds the tag the person meant.
 */
export const tagService: NamedListService = {
  list: tagCatalog.list,

  async create(db, caller, name) {
    await assertCanCreateTag(db, caller);
    return tagCatalog.createOrFind(db, caller.licenceId, name);
  },

  async rename(db, caller, tagId, name) {
    if (!(await findTag(db, caller, tagId))) throw notFound('Tag');
    assertCanManageTags(caller);
    return tagCatalog.rename(db, caller, tagId, name);
  },
};

/**
 * Deletes a tag (admins only) in one transaction: out of every candidate's `tag_ids` (the array the tag
 * search reads), then the tag itself, whose junction rows (candidates, job offers) cascade.
 * Candidates' `updated_at` is left alone: an admin's clean-up is not news about each candidate.
 */
export async function deleteTag(db: Db, caller: Caller, tagId: number) {
  if (!(await findTag(db, caller.licenceId, tagId))) throw notFound('Tag');
  assertCanManageTags(caller);
  await db.transaction(async (tx) => {
    // The tag first: an attach in flight (which holds it FOR SHARE) ends before the candidates are read, and
    // one that comes later finds no tag (candidate-tags.service.ts). Tags before candidates, both sides.
    if (!(await lockTag(tx, caller.licenceId, tagId, 'update'))) throw notFound('Tag');
    await tx
      .update(candidates)
      .set({ tagIds: sql`array_remove(${candidates.tagIds}, ${tagId}::int)` })
      .where(and(scoped(candidates, caller), sql`${candidates.tagIds} @> array[${tagId}::int]`));
    await tx.delete(tags).where(and(scoped(tags, caller), eq(tags.id, tagId)));
  });
}
