import { type SQL, sql } from 'drizzle-orm';

// Accented Latin letters (Latin-1 and Latin Extended-A, both cases) and the plain letter each one reads as.
// `translate` maps them one to one; it is IMMUTABLE (unlike `unaccent`), so it can feed a generated column and
// its index, and PGlite and PostgreSQL give the same answer.
export const ACCENTED =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłıĦħßÆæŒœ';
export const PLAIN =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzooddllihhsaaoo';

/**
 * Text as candidate search compares it: lower case, accents removed ('Lefèvre' reads 'lefevre'). The same
 * expression builds the stored search column and the searched term, so both sides always agree.
 */
export const searchNormalised = (text: SQL) =>
  sql`translate(lower(${text}), '${sql.raw(ACCENTED)}', '${sql.raw(PLAIN)}')`;

/**
 * A searched term normalised once per statement: a scalar subquery, which PostgreSQL evaluates once (an
 * InitPlan). Where a statement's plan is generic (decision 252) the term is a parameter, not a constant the
 * planner folds, and `searchNormalised` of it would be computed again for every row checked (6.4 ms against 0.8
 * for the probe's 2,000 rows). Only where no index is asked for it (a walk's `strpos`, a name's index range):
 * the planner cannot estimate a pattern it does not see.
 */
export const searchNormalisedOnce = (text: SQL) => sql`(select ${searchNormalised(text)})`;

const plainLetters = Array.from(PLAIN);
const plainOf = new Map(Array.from(ACCENTED).map((letter, i) => [letter, plainLetters[i] as string]));

/**
 * `searchNormalised` in the server's own code, for what reads a copy of the search column in memory (the probe
 * from a licence's sample, decision 255): lower case, then each accented letter of ACCENTED as its plain one.
 * JavaScript's and the database's lower case may differ on a rare letter (a Turkish dotted I); what reads it
 * only estimates, never answers.
 */
export function searchNormalisedText(text: string): string {
  let out = '';
  for (const character of text.toLowerCase()) out += plainOf.get(character) ?? character;
  return out;
}
