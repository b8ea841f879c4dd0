/**
 * The ILIKE pattern matching `term` anywhere in a value, with LIKE's wildcards in the term taken literally
 * (a search for '50%' finds '50%', not everything starting with '50'). Used with the pg_trgm GIN indexes,
 * which serve `ILIKE '%term%'` for terms of 3 characters or more.
 */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
