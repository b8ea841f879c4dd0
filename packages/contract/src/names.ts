import { z } from 'zod';

/** The longest name of a job offer, company or tag. */
export const NAME_MAX = 200;

/** PostgreSQL text cannot hold a NUL character: refuse it as input rather than fail in the database. */
const noNul = (v: string) => !v.includes('\u0000');
const NUL_MESSAGE = 'must not contain a NUL character';

/** A name as every resource takes it: trimmed, then non-empty and at most NAME_MAX characters. */
export const Name = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` })
  .refine(noNul, { error: NUL_MESSAGE });

/** A boolean query value: the strings 'true' and 'false' (anything else is a 400). */
export const BooleanString = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * A free-text search filter; an empty string means no filter. It ignores case and takes `%` and `_`
 * literally; a term of 3 characters or more matches anywhere in a name, a term of 1 or 2 characters matches
 * the start of a name (DESIGN section 2: trigram indexes cannot serve shorter terms).
 */
export const SearchFilter = z
  .string()
  .trim()
  .max(NAME_MAX, { error: `must be at most ${NAME_MAX} characters` })
  .refine(noNul, { error: NUL_MESSAGE });
