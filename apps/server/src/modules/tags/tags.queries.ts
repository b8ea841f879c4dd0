import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedCatalog } from '../../db/named-catalog.ts';
import { tags } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** The licence's tags: the queries they share with companies (db/named-catalog.ts). */
export const tagCatalog = namedCatalog(tags, {
  thing: 'Tag',
  duplicate: 'A tag with this name already exists',
});

export const tagSearch = tagCatalog.search;
export const listTags = tagCatalog.list;
export const findTag = tagCatalog.find;

/**
 * A tag of the licence held for the rest of the transaction (FOR SHARE): a deletion (which takes it FOR UPDATE
 * before touching candidates) waits for the writer, or the writer finds it gone. Tags before candidates: the
 * lock order of tag writes, so a tag deletion and a tag attach never leave a deleted id in `tag_ids`.
 */
export async function lockTag(tx: Db, licenceId: number, tagId: number, strength: 'share' | 'update') {
  const [row] = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(scoped(tags, licenceId), eq(tags.id, tagId)))
    .for(strength);
  return row;
}
