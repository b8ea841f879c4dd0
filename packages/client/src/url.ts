import type { RouteRef } from '@vivier/contract/routes';
import { forceHttps, joinUrl } from './base-url.ts';
import { camelCaseKey, toSnakeCase } from './case.ts';
import { VivierApiError } from './error.ts';
import { serializeQuery } from './query-string.ts';
import { METHODS } from './request.ts';

/** The route's path with its `:name` parameters filled in from their camelCase names, each encoded. */
export function pathOf(route: Pick<RouteRef, 'path'>, params: Record<string, unknown> | undefined): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[camelCaseKey(name)];
    if (value === undefined || value === null) throw new VivierApiError('route', 'Bad route');
    return encodeURIComponent(String(value));
  });
}

/**
 * The URL of a call: the base URL (https unless relative or loopback, SPEC section 7), the path, and the query
 * snake_cased in bracket form (DESIGN section 5: `ids[]=1&filters[search]=ada`). Throws `Bad route` or `No
 * base URL` before anything is sent.
 */
export function urlOf(
  base: string | undefined,
  method: string,
  path: string,
  query?: Record<string, unknown>,
): string {
  if (!(METHODS as readonly string[]).includes(method) || typeof path !== 'string' || !path.startsWith('/')) {
    throw new VivierApiError('route', 'Bad route');
  }
  if (!base) throw new VivierApiError('route', 'No base URL');
  const search = serializeQuery(toSnakeCase(query) as Record<string, unknown> | undefined);
  return joinUrl(forceHttps(base), path) + (search ? `?${search}` : '');
}
