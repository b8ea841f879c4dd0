import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tags } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { nameMatches } from '../../lib/name-search.ts';

export const tagFields = { id: tags.id, name: tags.name };

/** Names compare without case: the unique index is on (licence_id, lower(name)). */
export const tagNameEquals = (name: string) => sql`lower(${tags.name}) = lower(${name})`;

/** The tags of a licence whose name matches `search` (lib/name-search.ts). */
export const tagSearch = (licenceId: number, search: string | undefined) =>
  and(scoped(tags, licenceId), search ? nameMatches(tags.name, search) : undefined);

/** A page of the licence's tags sorted by name, optionally those whose name matches `search`. */
export async function listTags(
  db: Db,
  licenceId: number,
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  const where = tagSearch(licenceId, search);
  const [rows, [count]] = await Promise.all([
    db
      .select(tagFields)
      .from(tags)
      .where(where)
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(tags).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

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

/** One tag of the licence; another licence's tag is as absent as a missing one. */
export async function findTag(db: Db, licenceId: number, tagId: number) {
  const [row] = await db
    .select(tagFields)
    .from(tags)
    .where(and(scoped(tags, licenceId), eq(tags.id, tagId)));
  return row;
}

export async function findTagByName(db: Db, licenceId: number, name: string) {
  const [row] = await db
    .select(tagFields)
    .from(tags)
    .where(and(scoped(tags, licenceId), tagNameEquals(name)));
  return row;
}
