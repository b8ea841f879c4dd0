import { z } from 'zod';

/**
 * `GET /api/health` (no token; answers during maintenance): 200 when the database answered, else 503
 * `{error: 'database_unavailable'}`, or `{error: 'shutting_down'}` once the instance was told to stop (it
 * still serves other requests for VIVIER_SHUTDOWN_DRAIN seconds). Load balancers take an instance out on 503.
 */
export const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof Health>;
