import { z } from 'zod';
import { Id } from './common.ts';

/** A pipeline status of the licence (SPEC section 3). `color` is hex without '#'. */
export const Status = z.object({
  id: z.number(),
  name: z.string(),
  index: z.number(),
  color: z.string(),
  /** Moving an application here asks for a rejection reason (issue 21). */
  rejected: z.boolean(),
});
export type Status = z.infer<typeof Status>;

/** `GET /api/statuses` answers `{data: Status[]}`, sorted by index, the whole pipeline (at most 10). */

export { MAX_STATUSES, STATUS_PALETTE } from './constants.ts';

/** A colour as statuses store it: six hex digits, without '#', lower-cased. */
export const StatusColor = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, { error: 'must be a hex colour like 1c7ed6' })
  .transform((v) => v.replace('#', '').toLowerCase());

/** A status name: trimmed, 1 to 100 characters (SPEC section 5: saved only if non-empty). */
export const StatusName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' })
  .refine((v) => !v.includes('\u0000'), { error: 'must not contain a NUL character' });

/**
 * `POST /api/statuses` (admins only): `{name}`, optionally `{color}`. It takes the next index and, without a
 * colour, a random palette colour the pipeline does not use. An 11th status answers 409
 * `{error: 'too_many_statuses', message: 'A pipeline holds at most 10 statuses'}`.
 */
export const StatusCreateBody = z.strictObject({ name: StatusName, color: StatusColor.optional() });
export type StatusCreateBody = z.input<typeof StatusCreateBody>;

/**
 * `PATCH /api/statuses/{id}` (admins only): rename, recolour, or move to position `index` (0 is first); the
 * other statuses shift so the indexes stay 0, 1, 2… An index past the end moves it last.
 */
export const StatusPatchBody = z.strictObject({
  name: StatusName.optional(),
  color: StatusColor.optional(),
  index: z.number().int().min(0).max(1000).optional(),
  rejected: z.boolean().optional(),
});
export type StatusPatchBody = z.input<typeof StatusPatchBody>;

/**
 * `DELETE /api/statuses/{id}?move_to={statusId}` (admins only). A status that holds job applications needs
 * `move_to`, another status of the licence, where they move in the same transaction; without it the answer
 * is 409 `{error: 'status_in_use', message: 'This status holds job applications: choose a status to move them
 * to'}`. The last status cannot be deleted (409). A contacted status that is deleted becomes none.
 */
export const StatusDeleteQuery = z.strictObject({ move_to: Id.optional() });
export type StatusDeleteQuery = z.input<typeof StatusDeleteQuery>;
