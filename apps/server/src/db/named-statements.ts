import type { Db } from './database.ts';

/**
 * Statements named by their shape, built once per database handle and shape (decisions 248 and 249). PostgreSQL
 * parses a named statement once per connection and, once its generic plan costs no more than the custom plans of
 * its first five runs, stops planning it: for the statements every request of a screen sends, planning cost
 * more than running. Only for a few shapes, each with its values as placeholders: a name stays prepared on every
 * connection of the pool, and a text that varies with input (a search's words) would make them unbounded.
 * PGlite's driver does not name statements: there it saves Drizzle's building of the query.
 */
export function namedStatements<Shape, Statement>(
  nameOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape, name: string) => Statement,
): (db: Db, shape: Shape) => Statement {
  const statements = namedStatementsUpTo(Number.POSITIVE_INFINITY, nameOf, build);
  return (db, shape) => statements(db, shape) as Statement;
}

/**
 * namedStatements for shapes that follow input (a tag expression's groups, decision 263): at most `max` of them
 * per database handle, the first seen; for another, undefined, and the caller builds its statement unnamed.
 */
export function namedStatementsUpTo<Shape, Statement>(
  max: number,
  nameOf: (shape: Shape) => string,
  build: (db: Db, shape: Shape, name: string) => Statement,
): (db: Db, shape: Shape) => Statement | undefined {
  const built = new WeakMap<Db, Map<string, Statement>>();
  return (db, shape) => {
    let byName = built.get(db);
    if (!byName) {
      byName = new Map();
      built.set(db, byName);
    }
    const name = nameOf(shape);
    let statement = byName.get(name);
    if (!statement && byName.size < max) {
      statement = build(db, shape, name);
      byName.set(name, statement);
    }
    return statement;
  };
}
