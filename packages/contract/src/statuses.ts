import { z } from 'zod';

/** A pipeline status of the licence (SPEC section 3). `color` is hex without '#'. */
export const Status = z.object({
  id: z.number(),
  name: z.string(),
  index: z.number(),
  color: z.string(),
});
export type Status = z.infer<typeof Status>;

/** `GET /api/statuses` answers `{data: Status[]}`, sorted by index, the whole pipeline (at most 10). */
