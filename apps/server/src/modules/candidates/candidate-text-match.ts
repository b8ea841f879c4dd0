import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/like-pattern.ts';

// Columns are spelled out with their table: Drizzle leaves a column unqualified in a one-table select, and
// this condition is meant for queries that join candidates with other tables.
const c = (column: string) => sql.raw(`"candidates"."${column}"`);

/**
 * Whether a candidate matches a free-text search (issue 8: "candidate name, email, title"): a case-insensitive
 * substring of the first, last or full name (the profile's or the manual data's), of the title (profile or
 * manual data), or of one of the e-mails in use. Each branch is a plain `ILIKE '%term%'`, the form a pg_trgm
 * index on the same expression serves.
 */
export function candidateMatches(search: string): SQL {
  const pattern = containsPattern(search);
  return sql`(
    concat_ws(' ', ${c('first_name')}, ${c('last_name')}) ilike ${pattern}
    or concat_ws(' ', ${c('manual_data')}->>'firstName', ${c('manual_data')}->>'lastName') ilike ${pattern}
    or ${c('details')}->>'title' ilike ${pattern}
    or ${c('manual_data')}->>'title' ilike ${pattern}
    or exists (
      select 1 from candidate_contacts cc
      where cc.candidate_id = ${c('id')} and cc.kind = 'email' and cc.deleted_at is null and cc.value ilike ${pattern}
    )
  )`;
}
