import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tags } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

/**
 * Tag ids for names, ignoring case, for the length of one import.
 * Unknown names are created when `mayCreate` (the licence's `tags_rule`), else left out.
 */
export class ImportTags {
  private readonly ids = new Map<string, number>();
  private readonly licenceId: number;
  readonly mayCreate: boolean;
  constructor(licenceId: number, mayCreate: boolean) {
    this.licenceId = licenceId;
    this.mayCreate = mayCreate;
  }

  /**
   * Resolves every name of a batch, in its transaction; answers the names that are not tags (not created). Each
   * batch looks its names up again and holds those tags (FOR KEY SHARE) until it commits, so a tag deleted
   * meanwhile is not written into `tag_ids` (tags before candidates, tags.queries.ts lockTag), and an attempt the
   * transaction helper re-runs after a deadlock never reuses an id its rolled-back try created.
   */
  async resolve(tx: Db, names: string[]) {
    const byKey = new Map(names.map((name) => [name.toLowerCase(), name]));
    const keys = [...byKey.keys()];
    const unknown = () => keys.filter((key) => !this.ids.has(key));
    const lookUp = async () => {
      for (const key of keys) this.ids.delete(key);
      if (keys.length === 0) return;
      const rows = await tx
        .select({ id: tags.id, key: sql<string>`lower(${tags.name})` })
        .from(tags)
        .where(and(scoped(tags, this.licenceId), inArray(sql`lower(${tags.name})`, keys)))
        .for('key share');
      for (const row of rows) this.ids.set(row.key, row.id);
    };
    await lookUp();
    if (this.mayCreate && unknown().length > 0) {
      const missing = unknown().map((key) => ({ licenceId: this.licenceId, name: byKey.get(key) ?? key }));
      // A tag created meanwhile by someone else is simply found by the second look-up.
      await tx.insert(tags).values(missing).onConflictDoNothing();
      await lookUp();
    }
    return new Set(unknown());
  }

  idOf(name: string) {
    return this.ids.get(name.toLowerCase());
  }
}
