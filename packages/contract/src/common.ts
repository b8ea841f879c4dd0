import { z } from 'zod';

/** Every error body of the API (DESIGN section 5). `details` lists the fields a 400 rejected. */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The 503 body while a maintenance window is on. */
export const MaintenanceBody = z.object({
  error: z.literal('maintenance'),
  message: z.string(),
  break_at: z.string(),
  duration: z.number().int(),
});
export type MaintenanceBody = z.infer<typeof MaintenanceBody>;

/** A positive integer taken from a path or query string; anything else is a 400. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** `page` below 1 or not a number is 1 (SPEC section 5); `per_page` is capped at 100. */
export const Page = z
  .unknown()
  .transform((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : 1;
  })
  .pipe(z.number());

export const listQuery = (defaultPerPage = 10) =>
  z.object({
    page: Page.optional().default(1),
    per_page: z
      .unknown()
      .transform((v) => {
        const n = Number(v);
        return Number.isInteger(n) && n > 0 ? Math.min(n, 100) : defaultPerPage;
      })
      .pipe(z.number())
      .optional()
      .default(defaultPerPage),
  });

/** A paginated list: `{data, total_count}` (plus `Link` and `X-Total-Count` headers). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total_count: z.number() });

/** A list answered whole, without pagination. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** `embed[]=company&embed[]=tags` or `embed=company,tags`. */
export const embedParam = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))))
    .pipe(z.array(z.enum(values)));
