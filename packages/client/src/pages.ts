import { forceHttps } from './base-url.ts';
import { nextLink } from './link-header.ts';
import type { RawResponse } from './request.ts';

/** One page of a list and the count of the whole list (SPEC section 7: `data` and `total_count`). */
export interface Page<T> {
  data: T[];
  totalCount: number;
}

/** Guards against a server that links a page to itself. */
const MAX_PAGES = 10_000;

/** A list answer's items (`data`, or the answer itself when it is an array). */
export function listData<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const data = (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}

/** A page's items and total: the body's `totalCount`, else the `X-Total-Count` header. */
export function pageOf<T>(response: RawResponse): Page<T> {
  const body = response.data as { data?: T[]; totalCount?: number } | undefined;
  const header = Number(response.headers.get('X-Total-Count'));
  const totalCount = body?.totalCount ?? (Number.isFinite(header) ? header : 0);
  return { data: body?.data ?? [], totalCount };
}

/**
 * Every item of a list: the first answer's, then those of each page its `Link: rel="next"` names, fetched by
 * `next` (a relative link is read against the URL asked, itself against the page's address in a browser).
 */
export async function followPages<T>(
  first: RawResponse,
  url: string,
  next: (url: string) => Promise<RawResponse>,
): Promise<T[]> {
  let response = first;
  let current = url;
  const items: T[] = [...listData<T>(response.data)];
  for (let pages = 1; pages < MAX_PAGES; pages += 1) {
    const link = nextLink(response.headers.get('Link'));
    if (!link) break;
    const page = (globalThis as { location?: { href: string } }).location?.href;
    current = forceHttps(new URL(link, new URL(current, page)).toString());
    response = await next(current);
    items.push(...listData<T>(response.data));
  }
  return items;
}
