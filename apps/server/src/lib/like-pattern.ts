/** LIKE's wildcards in a term are taken literally: a search for '50%' finds '50%', not '50 anything'. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The ILIKE pattern matching `term` anywhere in a value. For small sets (a licence's users) or with a trigram
 * index; names of resources that grow use `nameMatches` (lib/name-search.ts), which handles short terms.
 */
export function containsPattern(term: string) {
  return `%${escapeLike(term)}%`;
}
