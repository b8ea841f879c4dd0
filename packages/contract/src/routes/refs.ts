import { addresses } from './addresses.ts';
import type { routes as table } from './index.ts';
import type { RouteEntry, RouteRef } from './route.ts';

export type { RouteEntry, RouteRef } from './route.ts';

type Table = typeof table;

/** The table with each entry as a `RouteRef`: the address at run time, the entry's schemas as types. */
export type RouteRefs = {
  [G in keyof Table]: {
    [N in keyof Table[G]]: Table[G][N] extends RouteEntry ? RouteRef<Table[G][N]> : never;
  };
};

/**
 * The route table for the browser (`@vivier/contract/routes`): every route's method, path, service and access,
 * typed with its schemas, without zod (decision 150). `call(routes.jobOffers.update, input)` in the web app.
 */
export const routes: RouteRefs = addresses;
