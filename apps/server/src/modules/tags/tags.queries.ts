import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tags } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

export const tagFields = { id: tags.id, name: tags.name };

/** Names compare without case: the unique index is on (licence_id, lower(name)). */
export const tagNameEquals = (name: string) => sql`lower(${tags.name}) = lower(${name})`;

/** A page of the licence's tags sorted by name, optionally those whose name contains `search`. */
export async function listTags(
  db: Db,
  licenceId: number,
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(tags.licenceId, licenceId),
    search ? ilike(tags.name, containsPattern(search)) : undefined,
  );
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

/** One tag of the licence; another licence's tag is as absent as a missing one. */
export async function findTag(db: Db, licenceId: number, tagId: number) {
  const [row] = await db
    .select(tagFields)
    .from(tags)
    .where(and(eq(tags.licenceId, licenceId), eq(tags.id, tagId)));
  return row;
}

export async function findTagByName(db: Db, licenceId: number, name: string) {
  const [row] = await db
    .select(tagFields)
    .from(tags)
    .where(and(eq(tags.licenceId, licenceId), tagNameEquals(name)));
  return row;
}
