import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { conflict, notFound } from '../http/app-error.ts';
import { nameMatches } from '../lib/name-search.ts';
import type { Db } from './database.ts';
import { withTotal } from './page.ts';
import type { companies, tags } from './schema/index.ts';
import { scoped, type Tenant } from './tenant-scope.ts';

/** The licence's lists of names people pick from and add to: companies and tags (db/schema/catalog.ts). */
export type NamedCatalogTable = typeof companies | typeof tags;

interface Labels {
  /** The 404's subject: 'Company', 'Tag'. */
  readonly thing: string;
  /** The 409's message when another row has the name. */
  readonly duplicate: string;
}

/**
 * The queries companies and tags share (decision 021 for names): a page sorted by name with the name search,
 * one row, the row of a name ignoring case, create-or-find and rename. Their policies stay in their modules.
 */
export function namedCatalog(table: NamedCatalogTable, labels: Labels) {
  const fields = { id: table.id, name: table.name };
  // Names compare without case: the unique index is on (licence_id, lower(name)).
  const nameEquals = (name: string) => sql`lower(${table.name}) = lower(${name})`;
  const byId = (tenant: Tenant, id: number) => and(scoped(table, tenant), eq(table.id, id));

  /** The rows of a licence whose name matches `search` (lib/name-search.ts). */
  const search = (tenant: Tenant, term: string | undefined) =>
    and(scoped(table, tenant), term ? nameMatches(table.name, term) : undefined);

  async function findByName(db: Db, tenant: Tenant, name: string) {
    const [row] = await db
      .select(fields)
      .from(table)
      .where(and(scoped(table, tenant), nameEquals(name)));
    return row;
  }

  return {
    search,

    /** A page of the licence's rows sorted by name, optionally those whose name matches `search`. */
    async list(db: Db, tenant: Tenant, page: { search?: string; limit: number; offset: number }) {
      const where = search(tenant, page.search);
      return withTotal(
        db
          .select(fields)
          .from(table)
          .where(where)
          .orderBy(asc(sql`lower(${table.name})`), asc(table.id))
          .limit(page.limit)
          .offset(page.offset),
        db.$count(table, where),
      );
    },

    /** One row of the licence; another licence's row is as absent as a missing one. */
    async find(db: Db, tenant: Tenant, id: number) {
      const [row] = await db.select(fields).from(table).where(byId(tenant, id));
      return row;
    },

    /**
     * The licence's row of that name ignoring case, created when there is none: a differently cased or
     * just-created twin is the one the person meant. Two people creating the same name at once: the unique
     * index keeps one, the other finds it.
     */
    async createOrFind(db: Db, licenceId: number, name: string) {
      const existing = await findByName(db, licenceId, name);
      if (existing) return { row: existing, created: false };
      const [inserted] = await db
        .insert(table)
        .values({ licenceId, name })
        .onConflictDoNothing()
        .returning(fields);
      if (inserted) return { row: inserted, created: true };
      const raced = await findByName(db, licenceId, name);
      if (!raced) throw conflict(labels.duplicate);
      return { row: raced, created: false };
    },

    /** Renames a row of the licence; another row's name (ignoring case) is a 409. */
    async rename(db: Db, tenant: Tenant, id: number, name: string) {
      const [twin] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(scoped(table, tenant), nameEquals(name), ne(table.id, id)));
      if (twin) throw conflict(labels.duplicate);
      const [row] = await db.update(table).set({ name }).where(byId(tenant, id)).returning(fields);
      if (!row) throw notFound(labels.thing);
      return row;
    },
  };
}
