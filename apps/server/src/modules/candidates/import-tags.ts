import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tags } from '../../db/schema/index.ts';

/**
 * Tag ids for names, ignoring case, for the length of one import: names seen once are not looked up again.
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

  /** Resolves every name of a batch, in its transaction; answers the names that are not tags (not created). */
  async resolve(tx: Db, names: string[]) {
    const byKey = new Map(names.map((name) => [name.toLowerCase(), name]));
    const unknown = () => [...byKey.keys()].filter((key) => !this.ids.has(key));
    const lookUp = async () => {
      const keys = unknown();
      if (keys.length === 0) return;
      const rows = await tx
        .select({ id: tags.id, key: sql<string>`lower(${tags.name})` })
        .from(tags)
        .where(and(eq(tags.licenceId, this.licenceId), inArray(sql`lower(${tags.name})`, keys)));
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
