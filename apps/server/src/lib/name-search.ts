import { ilike, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from './like-pattern.ts';

/** A term this long or longer matches anywhere in a name; a shorter one matches its start. */
export const SUBSTRING_MIN_LENGTH = 3;

/**
 * A case-insensitive name search, as the indexes of `nameSearchIndexes` (db/schema/tenant.ts) serve it with
 * the licence's condition beside it: a term of 3 characters or more is a substring (`ILIKE '%term%'`, the
 * trigram GIN index); a term of 1 or 2 characters matches the start of the name (`lower(name) LIKE 'te%'`, the
 * pattern-ordered btree), because trigrams cannot serve it and a substring of 1 or 2 letters matches nearly
 * everything anyway (DESIGN section 2).
 */
export function nameMatches(column: PgColumn, term: string): SQL {
  const escaped = escapeLike(term);
  if ([...term].length < SUBSTRING_MIN_LENGTH) return sql`lower(${column}) like lower(${`${escaped}%`})`;
  return ilike(column, `%${escaped}%`);
}
