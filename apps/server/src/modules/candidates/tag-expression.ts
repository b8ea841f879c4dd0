import { TAG_EXPRESSION_MAX } from '@vivier/contract';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { candidates } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Tags that must all be on a candidate, and tags that must not be (NOT): their ids, or a statement's placeholders
 * for them where it is prepared for the expression's shape (decision 263).
 */
export type TagGroup<Tag = number> = { all: Tag[]; none: Tag[] };
/** A tag expression as OR of AND-groups: AND binds tighter than OR (SPEC section 4, "Tag search"). */
export type TagExpression<Tag = number> = TagGroup<Tag>[];
/** A tag as a statement takes it: its id, or a placeholder for it. */
export type TagRef = number | Placeholder;

const MAX_ID = 2_147_483_647;

const invalid = (position: number, message: string) =>
  new AppError('invalid_tag_expression', `filters[tags][${position}]: ${message}`);

function tagId(element: string): number | undefined {
  if (!/^\d{1,10}$/.test(element)) return undefined;
  const id = Number(element);
  return id > 0 && id <= MAX_ID ? id : undefined;
}

/**
 * Reads `filters[tags][]`: tag ids and operators in turn, `[not] tag (op [not] tag)*` with op `and` or `or`;
 * `not` right after a tag reads as `and not` (the exclusion OpenCATS users ask for). A malformed expression
 * is a 400 naming the 0-based position of the first element that does not fit.
 */
export function parseTagExpression(elements: string[]): TagExpression {
  if (elements.length > TAG_EXPRESSION_MAX) {
    throw invalid(TAG_EXPRESSION_MAX, `at most ${TAG_EXPRESSION_MAX} elements`);
  }
  const groups: TagExpression = [{ all: [], none: [] }];
  let expectTag = true;
  let negate = false;
  elements.forEach((raw, position) => {
    const element = raw.trim().toLowerCase();
    const group = groups[groups.length - 1] as TagGroup;
    if (expectTag) {
      if (element === 'not' && !negate) {
        negate = true;
        return;
      }
      const id = tagId(element);
      if (id === undefined) throw invalid(position, `expected a tag id, got '${raw.slice(0, 40)}'`);
      (negate ? group.none : group.all).push(id);
      negate = false;
      expectTag = false;
      return;
    }
    if (element === 'and' || element === 'not') negate = element === 'not';
    else if (element === 'or') groups.push({ all: [], none: [] });
    else throw invalid(position, `expected an operator (and, or, not), got '${raw.slice(0, 40)}'`);
    expectTag = true;
  });
  if (expectTag && elements.length > 0) {
    throw invalid(elements.length, `expected a tag id after '${elements[elements.length - 1]}'`);
  }
  return elements.length === 0 ? [] : groups;
}

const intArray = (ids: TagRef[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/**
 * The expression as a condition on `candidates.tag_ids` (or another copy of it: the files' `candidate_tag_ids`):
 * `@>` for the tags a group needs and `&&` for those it excludes, the operators the GIN index on the array
 * serves (DESIGN section 2).
 */
export function tagCondition(
  expression: TagExpression<TagRef>,
  column: AnyColumn = candidates.tagIds,
): SQL | undefined {
  if (expression.length === 0) return undefined;
  const groups = expression.map((group) => {
    const parts: SQL[] = [];
    if (group.all.length > 0) parts.push(sql`${column} @> ${intArray(group.all)}`);
    if (group.none.length > 0) parts.push(sql`not (${column} && ${intArray(group.none)})`);
    return sql`(${sql.join(parts, sql` and `)})`;
  });
  return sql`(${sql.join(groups, sql` or `)})`;
}

/**
 * The expression for a gather that asks the GIN index for `asked` alone (gatherTags, decision 254): any of them
 * (`&&`, one key of the index, read in the same scan as the text's), and the whole expression checked on the rows
 * found. Each group must hold one of `asked`, so nothing the expression matches is missed. `IS TRUE` keeps the
 * planner from serving the expression's own parts from the index as well (a scan per group): it answers as the
 * expression does in a WHERE clause, where a null is no match either.
 */
export function gatheredTagCondition(expression: TagExpression<TagRef>, asked: number[]): SQL | undefined {
  const whole = tagCondition(expression);
  if (!whole || asked.length === 0) return whole;
  return sql`(${candidates.tagIds} && ${intArray(asked)} and ${whole} is true)`;
}
