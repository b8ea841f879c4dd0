import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidateFiles, candidates } from '../../db/schema/index.ts';
import { scoped, scopedSql } from '../../db/tenant-scope.ts';
import { type TagExpression, tagCondition } from './tag-expression.ts';

/**
 * Whether one of the candidate's files matches, for a walk of candidates in page order (decision 185): checked
 * row by row through the file's candidate index, so a walk that stops after a page checks a page's worth.
 * `offset 0` keeps PostgreSQL from turning the EXISTS into a hash of every matching file of the licence, built
 * before the walk's first row (990 ms for a word in 64,000 CVs at peer-150k, against 3 ms row by row).
 */
export const cvCondition = (licenceId: number, cvQuery: SQL) =>
  sql`exists (select 1 from ${candidateFiles} f where f.candidate_id = ${candidates.id}
    and ${scopedSql('f', licenceId)} and f.text_search @@ (${cvQuery}) offset 0)`;

// Rows of files read for the cap plus one candidates, with room for candidates with several matching files.
// Each row costs a heap read (and, for a phrase, reading its words): twice the cap cost twice as much.
const FILE_ROWS = CANDIDATE_COUNT_CAP + 101;
const UNFLATTENED = 2_147_483_647;

/**
 * The ids of the licence's candidates one of whose files matches, within the tag expression, at most the cap
 * plus one, and whether there are more than the cap (decision 185). The files' GIN index gives the files (a
 * bitmap that stops after FILE_ROWS), then each file's candidate is read by primary key to check the tags:
 * 25 to 40 ms at peer-150k for a word in 5% to 43% of the CVs with a common tag. The planner would rather
 * hash all of a tag's candidates (50,000 rows, 200 ms), start from the tag's candidates and read each one's
 * files' words (120 ms), or walk files in candidate order reading each one's words (150 ms): the files are a
 * subquery it may not flatten (one with a LIMIT), and hash joins, merge joins and plain scans are off.
 */
export async function cvMatchingIds(
  db: Db,
  licenceId: number,
  cvQuery: SQL,
  tags: TagExpression,
  other?: SQL,
) {
  // `other`: the search's further conditions on the candidate (its source), checked with the tags.
  const tagged = and(tagCondition(tags), other);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_hashjoin = off`);
    await tx.execute(sql`set local enable_mergejoin = off`);
    // Not the files' licence index with each file's words read as a filter (300 ms for 'java'); the
    // candidates' primary key then serves as a bitmap, 3 µs a row either way.
    await tx.execute(sql`set local enable_indexscan = off`);
    const files = tx
      .select({ id: candidateFiles.candidateId })
      .from(candidateFiles)
      .where(and(scoped(candidateFiles, licenceId), sql`${candidateFiles.textSearch} @@ (${cvQuery})`));
    if (!tagged) return files.limit(FILE_ROWS);
    // A LIMIT no search reaches keeps the subquery whole (Drizzle leaves out an `offset 0`).
    const matched = files.limit(UNFLATTENED).as('matched');
    return tx
      .select({ id: candidates.id })
      .from(matched)
      .innerJoin(candidates, sql`${candidates.id} = ${matched.id}`)
      .where(and(scoped(candidates, licenceId), tagged))
      .limit(FILE_ROWS);
  });
  const ids = [...new Set(rows.map((row) => row.id))].slice(0, CANDIDATE_COUNT_CAP + 1);
  // When every row was read and there are still no more than the cap, a few candidates' many files filled
  // them: counted as past the cap ("1000+") rather than read further.
  return { ids, past: ids.length > CANDIDATE_COUNT_CAP || rows.length === FILE_ROWS };
}
