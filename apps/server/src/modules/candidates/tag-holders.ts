import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import { scopedSql } from '../../db/tenant-scope.ts';
import type { TagExpression, TagGroup } from './tag-expression.ts';

/*
 * How many candidates a tag expression surely matches, counted from `candidate_tags` and its index on the tag
 * alone, never the candidates' table (decision 245). `candidate_tags` and `candidates.tag_ids` change in the same
 * transaction (candidate-tags.service.ts, candidate-insert.ts, import-batch.ts, tags.service.ts), and an erasure
 * deletes a candidate's rows of both (erasure.service.ts), so a tag's rows are its holders among the candidates
 * a search sees; the mixed-load test checks that mirror after every run. A search of tags alone whose bound
 * passes the cap reads only its page (filterPage): proving "more than 1,000" of a tag held by 1 in 25 took a
 * bitmap of its 45,000 holders and 1,001 rows of the table, where 1,001 entries of this index suffice.
 */

/**
 * The most entries of the excluded tags counted for a group `A AND NOT B…`: their holders are taken from A's, so
 * A's are counted that many further. Past it the group proves nothing (counting a frequent exclusion would cost
 * what the gather does).
 */
const EXCLUDED_COUNT_MAX = 50_000;

/**
 * How many `candidate_tags` rows hold one of the tags `ids`, counting no further than `limit`, from its index on
 * the tag alone; nothing when `owned` is false (a one-time filter, so no row is joined to its tag).
 */
const held = (ids: number[], limit: SQL, owned: SQL = sql`true`) =>
  sql`(select count(*)::int from (select 1 from candidate_tags where tag_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) and ${owned} limit ${limit}) held)`;

/**
 * A group `A AND NOT B AND NOT C…`'s lower bound: A's holders less every holder of an excluded tag (a candidate
 * holding two is subtracted twice, which only lowers the bound), A counted no further than the cap plus one
 * past what is subtracted. Without exclusions, A's holders up to the cap plus one. A counts only if it is a tag
 * of the licence: its rows would be another licence's candidates. An excluded tag of another licence only lowers
 * the bound.
 */
function groupBound(licenceId: number, tag: number, none: number[]): SQL {
  const pastTheCap = CANDIDATE_COUNT_CAP + 1;
  const owned = sql`exists (select 1 from tags t where t.id = ${tag} and ${scopedSql('t', licenceId)})`;
  if (none.length === 0) return held([tag], sql`${pastTheCap}`, owned);
  const excluded = held(none, sql`${EXCLUDED_COUNT_MAX}`);
  // `offset 0` keeps the excluded count a subquery read once: pulled up, it was counted at each of its three uses.
  return sql`(select case when excluded.n < ${EXCLUDED_COUNT_MAX}
      then ${held([tag], sql`${pastTheCap} + excluded.n`, owned)} - excluded.n else 0 end
    from (select ${excluded} as n offset 0) excluded)`;
}

/**
 * A lower bound of the candidates matching the expression, as a scalar: the greatest of its groups' that need
 * exactly one tag (`A`, `A AND NOT B`); a group needing two tags or none proves nothing here. Undefined when no
 * group can prove anything, so the search asks nothing more than before.
 */
export function tagHoldersBound(licenceId: number, expression: TagExpression): SQL | undefined {
  const bounds = expression
    .filter((group): group is TagGroup & { all: [number] } => group.all.length === 1)
    .map((group) => groupBound(licenceId, group.all[0], group.none));
  if (bounds.length === 0) return undefined;
  return bounds.length === 1 ? (bounds[0] as SQL) : sql`greatest(${sql.join(bounds, sql`, `)})`;
}
