import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, type PgColumn } from 'drizzle-orm/pg-core';
import { licences } from './licences.ts';

/** A required reference to the row this one belongs to: when that row is deleted, this one goes with it. */
export const partOf = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

/** The tenant column every tenant table carries (DESIGN section 1): a licence's rows go when it goes. */
export const licenceColumn = () => partOf('licence_id', () => licences.id);

/**
 * The two indexes a name search of one licence uses (DESIGN section 2; lib/name-search.ts): a trigram GIN
 * index for terms of 3 characters or more, led by `licence_id` (btree_gin) so one index serves both
 * conditions, and a btree on `lower(name)` in pattern order for the prefix match of 1- and 2-character terms,
 * which trigrams cannot serve.
 */
export const nameSearchIndexes = (table: string, t: { licenceId: PgColumn; name: PgColumn }) => [
  index(`${table}_licence_name_trgm`).using('gin', t.licenceId, sql`${t.name} gin_trgm_ops`),
  index(`${table}_licence_name_prefix`).on(t.licenceId, sql`lower(${t.name}) text_pattern_ops` as SQL),
];
