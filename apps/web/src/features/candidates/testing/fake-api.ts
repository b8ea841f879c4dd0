import { vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';

/** One recorded call of the fake API. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/**
 * A stand-in for the server in the candidate database's component tests: `routes` maps 'GET /api/tags' to a
 * handler; an unknown route answers 404. Every call is recorded, with its headers.
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
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A candidate as the API answers one (snake_case wire shape). */
export function wireCandidate(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    full_name: `First${id} Last${id}`,
    email: `c${id}@example.com`,
    phone: null,
    linkedin_url: null,
    picture_url: null,
    details: { title: `Title ${id}`, skills: [], educations: [], experiences: [] },
    manual_data: { first_name: null, last_name: null, title: null },
    contacts: {
      emails: [`c${id}@example.com`],
      phones: [],
      added_emails: [],
      added_phones: [],
      deleted_emails: [],
      deleted_phones: [],
    },
    social_networks: [],
    tags: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}
