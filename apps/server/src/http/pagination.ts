import type { FastifyReply, FastifyRequest } from 'fastify';

export type PageRequest = { page: number; per_page: number };

/** `LIMIT`/`OFFSET` of a page request. */
export const pageWindow = ({ page, per_page }: PageRequest) => ({
  limit: per_page,
  offset: (page - 1) * per_page,
});

/** A name list's page request: its window and its `filters[search]` (an empty search is no filter). */
export const searchWindow = (query: PageRequest & { filters?: { search?: string } | undefined }) => ({
  search: query.filters?.search || undefined,
  ...pageWindow(query),
});

/**
 * Answers one page of a list as the contract says (DESIGN section 5): `{data, total_count}`, an
 * `X-Total-Count` header, and a `Link: <...>; rel="next"` header while more pages exist.
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { page, per_page }: PageRequest,
  data: T[],
  totalCount: number,
) {
  reply.header('X-Total-Count', String(totalCount));
  if (page * per_page < totalCount) {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('page', String(page + 1));
    url.searchParams.set('per_page', String(per_page));
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return { data, total_count: totalCount };
}
