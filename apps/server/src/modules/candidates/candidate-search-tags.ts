import { createHash } from 'node:crypto';
import { type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatementsUpTo } from '../../db/named-statements.ts';
import { readWith } from '../../db/planner-settings.ts';
import { lazily, searchConditions } from './candidate-search.conditions.ts';
import {
  filterPageAnswer,
  filterPageQuery,
  filterPageSettings,
  type StatementWindow,
  statementWindow,
} from './candidate-search-walk.ts';
import type { TagExpression } from './tag-expression.ts';
import { tagHoldersBound } from './tag-holders.ts';

/*
 * A page of tags alone, or of no filter at all (the candidates' list), through a statement prepared for the tag
 * expression's shape (decision 263): how many tags each group needs and excludes. Drizzle built and compiled
 * filterPage's statement on every request, ~300 chunks with the expression three times over, a third of the
 * server's time for tags alone; prepared, a request only fills in its values. The statement is filterPage's
 * own (filterPageQuery), so the answers are the same.
 */

/**
 * The most shapes prepared per database handle (a pool of the planner's settings), as named-by-text.ts bounds its
 * texts: a few in practice (one tag, `A OR B`, `A AND NOT B`…), each a name prepared on every connection; an
 * unusual expression past them is built and sent as before.
 */
export const TAG_SHAPES_MAX = 64;

type TagsShape = { name: string; expression: TagExpression<Placeholder> };

/**
 * The expression's shape, its ids as placeholders `t0`, `t1`… in order, and the ids as the statement's values. The
 * name is a digest of the groups' sizes: PostgreSQL cuts a name at 63 bytes, and 25 groups spelled out would pass it.
 */
export function tagsShape(expression: TagExpression): { shape: TagsShape; values: Record<string, number> } {
  const values: Record<string, number> = {};
  let held = 0;
  const hold = (id: number) => {
    const key = `t${held++}`;
    values[key] = id;
    return sql.placeholder(key);
  };
  const placed = expression.map((group) => ({ all: group.all.map(hold), none: group.none.map(hold) }));
  const sizes = expression.map((group) => `${group.all.length}.${group.none.length}`).join(' or ');
  const digest = createHash('sha1').update(sizes).digest('hex').slice(0, 24);
  return { shape: { name: `vivier_tags_page_${digest}`, expression: placed }, values };
}

const licence = sql.placeholder('licenceId');
const window: StatementWindow = {
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  reach: sql.placeholder('reach'),
};

const statements = namedStatementsUpTo(
  TAG_SHAPES_MAX,
  (shape: TagsShape) => shape.name,
  (db, shape, name) =>
    filterPageQuery(
      db,
      licence,
      searchConditions(licence, { tags: shape.expression }),
      window,
      tagHoldersBound(licence, shape.expression),
    ).prepare(name),
);

/**
 * filterPage for tags alone (no text, source or legal basis), with the expression's bound (tagHoldersBound,
 * decision 245) and planned once or for its values (`once`, decision 257) as searchCandidates chose.
 */
export async function tagsPage(
  db: Db,
  licenceId: number,
  tags: TagExpression,
  page: { limit: number; offset: number },
  once: boolean,
) {
  const { shape, values } = tagsShape(tags);
  // Built only past the prepared shapes, or for a count read apart (a page past the end), and then once.
  const where = lazily(() => searchConditions(licenceId, { tags }));
  const rows = await readWith(db, filterPageSettings(once), (named) => {
    const prepared = statements(named, shape);
    if (prepared) return prepared.execute({ ...values, ...statementWindow(page), licenceId });
    return filterPageQuery(
      named,
      licenceId,
      where(),
      statementWindow(page),
      tagHoldersBound(licenceId, tags),
    );
  });
  return filterPageAnswer(db, rows, where, page);
}
