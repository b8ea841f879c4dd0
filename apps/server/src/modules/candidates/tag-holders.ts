import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import { scopedSql, type Tenant } from '../../db/tenant-scope.ts';
import { groupHolders } from './newest-rows.ts';
import type { TrigramSample } from './search-trigrams.ts';
import type { TagExpression, TagGroup, TagRef } from './tag-expression.ts';

/*
 * How many candidates a tag expression surely matches, counted from `candidate_tags` and its index on the tag and
 * the candidate, never the candidates' table (decisions 245, 253). `candidate_tags` and `candidates.tag_ids`
 * change in the same transaction (candidate-tags.service.ts, candidate-insert.ts, import-batch.ts,
 * tags.service.ts), and an erasure deletes a candidate's rows of both (erasure.service.ts), so a tag's rows are
 * its holders among the candidates a search sees; the mixed-load test checks that mirror after every run. A
 * search of tags alone whose bound passes the cap reads only its page (filterPage): proving "more than 1,000" of
 * a tag held by 1 in 25 took a bitmap of its 45,000 holders and 1,001 rows of the table, where 1,001 entries of
 * this index suffice.
 */

/**
 * The most holders of A a group `A AND NOT B…` reads, in candidate order, to find the cap's worth holding none of
 * the excluded tags (decision 253): past it the group proves nothing, and the search gathers as it would. A
 * holder read costs an entry of A's index and a look-up of the primary key, ~0.7 µs: a few milliseconds at most,
 * and ~1,050 read when one in twenty of A's holders holds B.
 */
const HOLDERS_READ_MAX = 5_000;

/**
 * How many `candidate_tags` rows hold the tag, counting no further than `limit`, from its index on the tag;
 * nothing when `owned` is false (a one-time filter, so no row is joined to its tag).
 */
const held = (tag: TagRef, limit: SQL, owned: SQL) =>
  sql`(select count(*)::int from (select 1 from candidate_tags where tag_id = ${tag} and ${owned}
    limit ${limit}) held)`;

/**
 * A group `A AND NOT B AND NOT C…`'s lower bound: how many of A's first holders (HOLDERS_READ_MAX, in candidate
 * order from `candidate_tags_tag_candidate_idx`) hold none of the excluded tags, counted no further than the cap
 * plus one; each such candidate matches the group. Without exclusions, A's holders up to the cap plus one. A
 * counts only if it is a tag of the licence: its rows would be another licence's candidates. An excluded tag of
 * another licence excludes no one here.
 */
function groupBound(licenceId: Tenant, tag: TagRef, none: TagRef[]): SQL {
  const pastTheCap = sql.raw(String(CANDIDATE_COUNT_CAP + 1));
  const owned = sql`exists (select 1 from tags t where t.id = ${tag} and ${scopedSql('t', licenceId)})`;
  if (none.length === 0) return held(tag, pastTheCap, owned);
  // `offset 0` keeps the exclusion a look-up for each holder read: made a join, PostgreSQL hashed every holder
  // of the excluded tags first (30,103 rows of B for 1,058 of A, 4 ms).
  return sql`(select count(*)::int from (select 1 from (
      select a.candidate_id from candidate_tags a where a.tag_id = ${tag} and ${owned}
      order by a.candidate_id limit ${sql.raw(String(HOLDERS_READ_MAX))}) a
    where not exists (select 1 from candidate_tags b
      where b.candidate_id = a.candidate_id and b.tag_id in (${sql.join(
        none.map((id) => sql`${id}`),
        sql`, `,
      )}) offset 0)
    limit ${pastTheCap}) held)`;
}

/**
 * A lower bound of the candidates matching the expression, as a scalar: the greatest of its groups' that need
 * exactly one tag (`A`, `A AND NOT B`); a group needing two tags or none proves nothing here. Undefined when no
 * group can prove anything, so the search asks nothing more than before.
 */
export function tagHoldersBound(licenceId: Tenant, expression: TagExpression<TagRef>): SQL | undefined {
  if (!boundedByHolders(expression)) return undefined;
  const bounds = expression
    .filter((group): group is TagGroup<TagRef> & { all: [TagRef] } => group.all.length === 1)
    .map((group) => groupBound(licenceId, group.all[0], group.none));
  return bounds.length === 1 ? (bounds[0] as SQL) : sql`greatest(${sql.join(bounds, sql`, `)})`;
}

/** Whether the expression has a bound (tagHoldersBound): a group that needs exactly one tag. */
export const boundedByHolders = (expression: TagExpression<TagRef>) =>
  expression.some((group) => group.all.length === 1);

/**
 * The largest share of the licence's newest candidates (the sample's, decision 255) a group the bound cannot
 * speak for may hold, for tags alone to be planned once (decision 257). At 1,000,000 candidates a group of two
 * tags held by 2.8 % of the newest (26,000 holders) was gathered by the generic plan's bitmap as fast as by the
 * plan for its values (24 ms against 25); one held by 10 % (103,000) took 38 ms against 13, the planner scanning
 * for it and stopping early.
 */
export const PLANNED_ONCE_GROUP_SHARE_MAX = 0.03;

/**
 * Whether tags alone may be planned once (decision 257): a generic plan gathers the expression's matches by a
 * bitmap of its holders (right for a rare one), which a bound past the cap skips, and walks the page past it.
 * Each group the bound cannot speak for (two tags or more, or none, required) must then be rare among the
 * sample's newest rows; a common one is gathered by a scan stopping early, which only a plan for the values
 * chooses. Without a bound or a sample (none read yet), planned for the values.
 */
export function tagsPlannedOnce(
  expression: TagExpression,
  bounded: boolean,
  sample: Pick<TrigramSample, 'newest'> | undefined,
): boolean {
  if (!bounded || !sample || sample.newest.rows.length === 0) return false;
  const unbounded = expression.filter((group) => group.all.length !== 1);
  // Counted through the rows' tags (groupHolders, decision 260).
  return unbounded.every(
    (group) => groupHolders(sample.newest, group) <= PLANNED_ONCE_GROUP_SHARE_MAX * sample.newest.rows.length,
  );
}
