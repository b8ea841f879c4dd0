import { z } from 'zod';
import { listQuery } from './common.ts';
import { Name, SearchFilter } from './names.ts';

/** A row of one of the licence's lists of names people pick from and add to: a company, a tag (SPEC section 3). */
export const NamedRecord = z.object({ id: z.number(), name: z.string() });

/**
 * `GET` of such a list: a paginated `listOf(NamedRecord)` sorted by name ignoring case, `filters[search]` as
 * `SearchFilter` says, `per_page` defaulting to `perPage`.
 */
export const namedListQuery = (perPage: number) =>
  listQuery(perPage).extend({ filters: z.strictObject({ search: SearchFilter.optional() }).optional() });

/** `POST` and `PATCH` body of such a list: `{name}` (trimmed, 1-200 characters). */
export const NamedInput = z.strictObject({ name: Name });
