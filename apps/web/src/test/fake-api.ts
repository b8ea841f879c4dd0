import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

/** One recorded call of the fake API. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** A JSON body parsed, a file's text, else undefined. */
  body: unknown;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/**
 * A stand-in for the server in component tests: `routes` maps 'GET /api/job_offers' to a handler; an unknown
 * route answers 404. Every call is recorded in `calls`, with its headers.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof Blob
          ? await init.body.text()
          : undefined;
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
    };
    calls.push(call);
    const handler =
      routes[`${method} ${url.pathname}`] ??
      Object.entries(routes).find(([key]) => matches(key, method, url.pathname))?.[1];
    return handler ? handler(call) : jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** 'POST /api/job_offers/:id/tags/:tagId' matches 'POST /api/job_offers/3/tags/9'. */
function matches(key: string, method: string, path: string): boolean {
  const [keyMethod, keyPath = ''] = key.split(' ');
  if (keyMethod !== method) return false;
  const pattern = new RegExp(`^${keyPath.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
  return pattern.test(path);
}

/** A list answer of the API. */
export const listAnswer = (data: unknown[], totalCount = data.length) =>
  jsonResponse({ data, total_count: totalCount });
