import type { CvExcerpt } from '@vivier/contract';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidateFiles } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

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

/**
 * The sentence around the match in each given candidate's matching file (the CV first, then the newest),
 * for the page's cards only: ts_headline reads a whole text (0.7 ms for a 4 kB CV), so it is never run on more
 * than a page. It marks the words whose English stem the query holds, which is nearly always one of the
 * searched words' own; only when it marks nothing (a match through the French stem alone) is it run again in
 * French.
 */
export async function cvExcerpts(
  db: Db,
  licenceId: number,
  candidateIds: number[],
  cvQuery: SQL,
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
  const english = sql`ts_headline('vivier_en'::regconfig, ${matched.text}, (${cvQuery}), ${OPTIONS})`;
  const rows = await db
    .select({
      candidate_id: matched.candidate_id,
      file_id: matched.file_id,
      file_name: matched.file_name,
      headline: sql<string>`(select case when strpos(en, ${START}) > 0 then en
        else ts_headline('vivier_fr'::regconfig, ${matched.text}, (${cvQuery}), ${OPTIONS}) end
        from (select ${english} as en) h)`,
    })
    .from(matched);
  return new Map(
    (rows as ExcerptRow[]).map((row) => [
      row.candidate_id,
      { file_id: row.file_id, file_name: row.file_name, parts: excerptParts(row.headline) },
    ]),
  );
}
