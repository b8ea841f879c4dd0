import { type SQL, sql } from 'drizzle-orm';

/** One part of a "Search in CVs" term: a word, a word's beginning (`kube*`) or a "quoted phrase". */
export type CvTermPart = { kind: 'word' | 'prefix' | 'phrase'; text: string };

/** The most parts a term is read into; the rest is ignored (a search box, not a query language). */
export const CV_TERM_PARTS_MAX = 8;

// Letters and digits, the only characters a part keeps: what the text search parser makes words of anyway,
// and nothing that to_tsquery would read as an operator.
const WORDS = /[\p{L}\p{N}]+/gu;
const words = (text: string) => text.match(WORDS) ?? [];

/**
 * Reads a term into parts (decision 185): `"machine learning"` is a phrase, `kube*` a prefix, other words
 * are words; all parts must match. One pass over a term of at most NAME_MAX characters (the filter's limit),
 * with regular expressions that cannot backtrack.
 */
export function parseCvTerm(term: string): CvTermPart[] {
  const parts: CvTermPart[] = [];
  const pieces = term.split('"');
  pieces.forEach((piece, index) => {
    // Odd pieces are inside quotes; an unclosed quote's text is a phrase all the same.
    if (index % 2 === 1) {
      const phrase = words(piece);
      if (phrase.length > 1) parts.push({ kind: 'phrase', text: phrase.join(' ') });
      else if (phrase[0]) parts.push({ kind: 'word', text: phrase[0] });
      return;
    }
    for (const token of piece.split(/\s+/)) {
      const tokenWords = words(token);
      tokenWords.forEach((word, position) => {
        const last = position === tokenWords.length - 1;
        const prefix = last && token.endsWith('*');
        parts.push({ kind: prefix ? 'prefix' : 'word', text: word });
      });
    }
  });
  return parts.slice(0, CV_TERM_PARTS_MAX);
}

/** Both configurations of migration 0014: a part matches when its English or its French stem is in the text. */
const CONFIGURATIONS = ['vivier_en', 'vivier_fr'] as const;

function partQuery(part: CvTermPart, configuration: (typeof CONFIGURATIONS)[number]): SQL {
  const config = sql.raw(`'${configuration}'::regconfig`);
  if (part.kind === 'phrase') return sql`phraseto_tsquery(${config}, ${part.text})`;
  // The word holds only letters and digits (WORDS), so it is one operand: quoting it keeps it so.
  if (part.kind === 'prefix') return sql`to_tsquery(${config}, ${`'${part.text}':*`})`;
  return sql`plainto_tsquery(${config}, ${part.text})`;
}

/** The tsquery of a parsed term, or undefined when it holds no word to look for. */
export function cvTsQuery(parts: CvTermPart[]): SQL | undefined {
  if (parts.length === 0) return undefined;
  const each = parts.map(
    (part) =>
      sql`(${sql.join(
        CONFIGURATIONS.map((c) => partQuery(part, c)),
        sql` || `,
      )})`,
  );
  return sql.join(each, sql` && `);
}
