import { integer } from 'drizzle-orm/pg-core';
import { licences } from './licences.ts';

/** The tenant column every tenant table carries (DESIGN section 1): a licence's rows go when it goes. */
export const licenceColumn = () =>
  integer('licence_id')
    .notNull()
    .references(() => licences.id, { onDelete: 'cascade' });
