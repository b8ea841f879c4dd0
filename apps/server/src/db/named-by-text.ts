import pg from 'pg';

/**
 * The most statement texts a pool of a process names (decision 252). Each name stays prepared, with its generic
 * plan (70 to 210 kB in PostgreSQL's backend for a search's statements), on every connection of its pool until
 * the connection closes (10 s idle): the searches have a few dozen shapes in practice (a term's length, its
 * spaces, the tag expression's groups), so this bounds what an unusual stream of shapes could make PostgreSQL
 * keep, ~13 MB a connection. A text past it runs unnamed, planned each time.
 */
export const NAMED_TEXTS_MAX = 64;

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * A node-postgres client class whose statements are named by their text: PostgreSQL parses each text once per
 * connection and, on a connection opened with `plan_cache_mode = force_generic_plan`, plans it once too
 * (settings-pools.ts). Drizzle builds a statement's text from its shape and sends the request's values apart,
 * so one text serves every search of that shape. The names are kept per class (a process's pool): a name
 * always means the same text, which node-postgres requires of a connection's prepared statements.
 */
export function clientNamingByText(max = NAMED_TEXTS_MAX): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `vivier_text_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  class NamingClient extends pg.Client {
    // node-postgres' overloads (a text, a config, a submittable such as a cursor) are passed through; only a
    // plain config without a name, which is how Drizzle sends a statement, is given one.
    override query(...args: unknown[]): never {
      const [config] = args;
      if (config && typeof config === 'object') {
        const { text, name, submit } = config as QueryConfig;
        const plain = name === undefined && submit === undefined && typeof text === 'string';
        const named = plain ? nameOf(text) : undefined;
        if (named) args[0] = { ...config, name: named };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  return NamingClient;
}
