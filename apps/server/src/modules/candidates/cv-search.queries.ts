import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { readWith } from '../../db/planner-settings.ts';
import { candidateFiles, candidates } from '../../db/schema/index.ts';
import { scoped, scopedSql, type Tenant } from '../../db/tenant-scope.ts';
import { type TagExpression, tagCondition } from './tag-expression.ts';

/**
 * Whether one of the candidate's files matches, for a walk of candidates in page order (decision 185): checked
 * row by row through the file's candidate index, so a walk that stops after a page checks a page's worth.
 * `offset 0` keeps PostgreSQL from turning the EXISTS into a hash of every matching file of the licence, built
 * before the walk's first row (990 ms for a word in 64,000 CVs at peer-150k, against 3 ms row by row).
 */
export const cvCondition = (licenceId: Tenant, cvQuery: SQL) =>
  sql`exists (select 1 from ${candidateFiles} f where f.candidate_id = ${candidates.id}
    and ${scopedSql('f', licenceId)} and f.text_search @@ (${cvQuery}) offset 0)`;

// Rows of files read for the cap plus one candidates, with room for candidates with several matching files.
// Each row costs a heap read (and, for a phrase, reading its words): twice the cap cost twice as much.
const FILE_ROWS = CANDIDATE_COUNT_CAP + 101;
const UNFLATTENED = 2_147_483_647;

/**
 * The ids of the licence's candidates one of whose files matches, within the tag expression, at most the cap
 * plus one, and whether there are more than the cap (decision 185). One GIN bitmap over the files' words and
 * their copy of the candidate's tags (`candidate_tag_ids`, kept by triggers, migration 0018) gives the files,
 * the excluded tags checked on each file row: 20 to 30 ms at 1M candidates with 300,000 CVs for any word and
 * tag pair, where reading each matching file's candidate to check its tags took 50 to 360 ms (the rarer the
 * tag, the more files read before the cap). Only `other` (the source) needs the candidates: each file's then
 * read by primary key, the files a subquery the planner may not flatten (one with a LIMIT), hash joins, merge
 * joins and plain scans off, so it does not hash all of a tag's candidates (50,000 rows, 200 ms) first.
 */
export async function cvMatchingIds(
  db: Db,
  licenceId: number,
  cvQuery: SQL,
  tags: TagExpression,
  other?: SQL,
) {
  // Index scans off too: not the files' licence index with each file's words read as a filter (300 ms for
  // 'java'); the candidates' primary key then serves as a bitmap, 3 µs a row either way.
  const settings = {
    enable_seqscan: 'off',
    enable_hashjoin: 'off',
    enable_mergejoin: 'off',
    enable_indexscan: 'off',
  } as const;
  const rows = await readWith(db, settings, (tx) => {
    const files = tx
      .select({ id: candidateFiles.candidateId })
      .from(candidateFiles)
      .where(
        and(
          scoped(candidateFiles, licenceId),
          sql`${candidateFiles.textSearch} @@ (${cvQuery})`,
          tagCondition(tags, candidateFiles.candidateTagIds),
        ),
      );
    // `other`: the search's further conditions on the candidate (its source).
    if (!other) return files.limit(FILE_ROWS);
    // A LIMIT no search reaches keeps the subquery whole (Drizzle leaves out an `offset 0`).
    const matched = files.limit(UNFLATTENED).as('matched');
    return tx
      .select({ id: candidates.id })
      .from(matched)
      .innerJoin(candidates, sql`${candidates.id} = ${matched.id}`)
      .where(and(scoped(candidates, licenceId), other))
      .limit(FILE_ROWS);
  });
  const ids = [...new Set(rows.map((row) => row.id))].slice(0, CANDIDATE_COUNT_CAP + 1);
  // When every row was read and there are still no more than the cap, a few candidates' many files filled
  // them: counted as past the cap ("1000+") rather than read further.
  return { ids, past: ids.length > CANDIDATE_COUNT_CAP || rows.length === FILE_ROWS };
}

/**
 * Every candidate of the licence one of whose files matches, within the tags and `other` conditions, in id
 * order, at most `max + 1`: the CV side of a bulk erasure's selection (decision 193), read once, so without the
 * page-sized caps above. Erased candidates have no files left; `erased_at` is checked all the same.
 */
export async function allCvMatchingIds(
  db: Db,
  licenceId: number,
  { cvQuery, tags, other, max }: { cvQuery: SQL; tags: TagExpression; other: SQL | undefined; max: number },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: candidateFiles.candidateId })
    .from(candidateFiles)
    .innerJoin(candidates, eq(candidates.id, candidateFiles.candidateId))
    .where(
      and(
        scoped(candidateFiles, licenceId),
        sql`${candidateFiles.textSearch} @@ (${cvQuery})`,
        tagCondition(tags, candidateFiles.candidateTagIds),
        scoped(candidates, licenceId),
        isNull(candidates.erasedAt),
        other,
      ),
    )
    .orderBy(asc(candidateFiles.candidateId))
    .limit(max + 1);
  return rows.map((row) => row.id);
}
