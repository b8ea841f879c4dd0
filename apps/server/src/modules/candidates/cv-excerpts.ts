import type { CvExcerpt } from '@vivier/contract';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidateFiles } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { CvTermPart } from './cv-text-query.ts';

// Marks of a match in ts_headline's answer: private-use characters no document means as text.
const START = '\uE000';
const STOP = '\uE001';
const OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxFragments=1, MaxWords=30, MinWords=12, FragmentDelimiter=" … "`;

/** ts_headline's answer as text and matched parts in turn; the marks are dropped wherever they stand. */
export function excerptParts(headline: string): CvExcerpt['parts'] {
  const parts: CvExcerpt['parts'] = [];
  let match = false;
  for (const piece of headline.split(new RegExp(`([${START}${STOP}])`, 'u'))) {
    if (piece === START) match = true;
    else if (piece === STOP) match = false;
    else if (piece !== '') parts.push({ text: piece, match });
  }
  return parts;
}

type ExcerptRow = { candidate_id: number; file_id: number; file_name: string; headline: string };

/** Characters of text before the probe's first place, and in all, that the first headline reads. */
const WINDOW_BEFORE = 300;
const WINDOW = 700;

/**
 * What to look for first in a file's text: the start of the term's longest word, lower-cased, short of the
 * endings a stemmer takes off ("compan" finds "company" and "companies"), at least 3 characters. A literal
 * probe, found with strpos: no pattern is built from the user's text.
 */
export function excerptProbe(parts: CvTermPart[]): string | undefined {
  const words = parts.flatMap((part) => part.text.split(' '));
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < 3) return undefined;
  return longest.toLowerCase().slice(0, Math.max(3, longest.length - 3));
}

/**
 * The sentence around the match in each given candidate's matching file (the CV first, then the newest),
 * for the page's cards only. ts_headline parses the whole text it is given (0.7 ms for a 4 kB CV, twice for
 * the two languages: 34 ms of a one-word search's 52 at peer-150k), so it first reads only a window of
 * WINDOW characters around the probe's first place in the text (strpos, microseconds); when that window holds
 * no match (the probe met another word, or the text spells the word with accents), the whole text is read as
 * before. It marks the words whose English stem the query holds, which is nearly always one of the searched
 * words' own; only when it marks nothing (a match through the French stem alone) is it run again in French.
 */
export async function cvExcerpts(
  db: Db,
  licenceId: number,
  candidateIds: number[],
  cvQuery: SQL,
  probe?: string,
): Promise<Map<number, CvExcerpt>> {
  if (candidateIds.length === 0) return new Map();
  const f = candidateFiles;
  const matched = db
    .selectDistinctOn([f.candidateId], {
      candidate_id: f.candidateId,
      file_id: f.id,
      file_name: f.name,
      text: f.text,
    })
    .from(f)
    .where(
      and(scoped(f, licenceId), inArray(f.candidateId, candidateIds), sql`${f.textSearch} @@ (${cvQuery})`),
    )
    .orderBy(f.candidateId, sql`${f.isCv} desc`, sql`${f.id} desc`)
    .as('matched');
  const headline = (config: 'vivier_en' | 'vivier_fr', text: SQL) =>
    sql`ts_headline(${sql.raw(`'${config}'::regconfig`)}, ${text}, (${cvQuery}), ${OPTIONS})`;
  const whole = sql`(select case when strpos(en, ${START}) > 0 then en
    else ${headline('vivier_fr', sql`${matched.text}`)} end
    from (select ${headline('vivier_en', sql`${matched.text}`)} as en) h)`;
  const at = sql`strpos(lower(${matched.text}), ${probe ?? ''})`;
  const window = sql`substr(${matched.text}, greatest(${at} - ${WINDOW_BEFORE}, 1), ${WINDOW})`;
  // CASE evaluates lazily: the whole text is read only when the window's headline marked nothing.
  const first = probe
    ? sql`(select case when strpos(w, ${START}) > 0 then w else ${whole} end
        from (select case when ${at} > 0 then ${headline('vivier_en', window)} end as w) x)`
    : whole;
  const rows = await db
    .select({
      candidate_id: matched.candidate_id,
      file_id: matched.file_id,
      file_name: matched.file_name,
      headline: sql<string>`${first}`,
    })
    .from(matched);
  return new Map(
    (rows as ExcerptRow[]).map((row) => [
      row.candidate_id,
      { file_id: row.file_id, file_name: row.file_name, parts: excerptParts(row.headline) },
    ]),
  );
}
