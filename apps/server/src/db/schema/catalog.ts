import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { licenceColumn, nameSearchIndexes } from './tenant.ts';

/**
 * A licence's list of names people pick from and add to (db/named-catalog.ts): a name unique per licence
 * ignoring case, searched by the two name indexes.
 */
const namedList = <const N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      licenceId: licenceColumn(),
      name: text('name').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex(`${name}_licence_name_unique`).on(t.licenceId, sql`lower(${t.name})`),
      ...nameSearchIndexes(name, t),
    ],
  );

export const companies = namedList('companies');
export const tags = namedList('tags');
