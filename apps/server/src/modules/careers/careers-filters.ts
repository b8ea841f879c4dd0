import { CONTRACT_TYPES, WORKPLACES } from '@vivier/contract';
import { z } from 'zod';

/** An empty field of the GET form is sent as `name=`: the same as no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** No control character: PostgreSQL refuses a NUL in text, and none belongs in a search. */
export const PRINTABLE = /^\P{Cc}*$/u;

const text = z.string().trim().max(100).regex(PRINTABLE);

/**
 * The list's query string (issue 23): the filters of its plain GET form, the page, the language. A value the
 * form cannot send (an unknown contract, a page of 0) answers the 400 page.
 */
export const CareersListQuery = z.object({
  q: optional(text),
  location: optional(text),
  contract: optional(z.enum(CONTRACT_TYPES)),
  workplace: optional(z.enum(WORKPLACES)),
  page: optional(z.coerce.number().int().min(1).max(1000)),
  lang: z.unknown().optional(),
});

export type CareersFilters = Omit<z.infer<typeof CareersListQuery>, 'page' | 'lang'>;

/** Offers per page: 50 keeps a full page of the list, with its CSS, under the 50 kB budget. */
export const OFFERS_PER_PAGE = 50;
