import { type RouteRef, type RouteRefs, routes } from '@vivier/contract/routes';
import { type RateLimit, rateLimitOf } from './error.ts';
import { followPages } from './pages.ts';
import { type Fetch, type Method, type RawResponse, send } from './request.ts';
import type { ArgsOf, CallResult, EntryOf, ItemOf, RouteInput } from './route-types.ts';
import { pathOf, urlOf } from './url.ts';

export interface ClientOptions {
  /** The API's root, `/api` included: `https://vivier.example.com/api`. Plain http only on loopback. */
  baseUrl: string;
  /** An API token (`viv_…`, Settings → API tokens), sent as a bearer on every authenticated route. */
  token?: string;
  /** The token, asked before each authenticated call (a secret store, a session that refreshes). */
  getToken?: () => string | undefined | Promise<string | undefined>;
  /** Defaults to the platform's `fetch` (Node 18+, browsers). */
  fetch?: Fetch;
  /** A call gives up after this long, waiting for its answer and its body (default 30 s). */
  timeoutMs?: number;
}

/** A call's answer with its status, headers and the token's rate limit (`RateLimit-*`). */
export interface ClientResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  rateLimit: RateLimit | undefined;
}

/** A route of the table as a function: `client.jobOffers.list({ query: { page: 1 } })` answers its body. */
export type RouteCall<R> = ((...args: ArgsOf<RouteInput<R>>) => Promise<CallResult<R>>) & {
  /** The same call, answered with its status, headers and rate limit. */
  withResponse(...args: ArgsOf<RouteInput<R>>): Promise<ClientResponse<CallResult<R>>>;
} & ([ItemOf<R>] extends [never]
    ? unknown
    : {
        /** Every item of the list, following `Link: rel="next"` page after page. */
        all(...args: ArgsOf<RouteInput<R>>): Promise<ItemOf<R>[]>;
      });

/** The route table as a client: a group per resource, a function per route, typed from the contract. */
export type VivierClient = {
  readonly [G in keyof RouteRefs]: {
    readonly [N in keyof RouteRefs[G]]: RouteCall<EntryOf<RouteRefs[G][N]>>;
  };
};

/** Programs wait longer than a person: 30 s rather than the web's 5 s (SPEC section 7). */
export const DEFAULT_TIMEOUT_MS = 30_000;

interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A typed client of the whole API, built from the contract's route table: one function per entry, its input
 * and answer typed from the entry's zod schemas (camelCase, as the web app reads them), its address from
 * `@vivier/contract/routes` (no schema is carried at run time). Fails with a VivierApiError.
 */
export function createClient(options: ClientOptions): VivierClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tokenFor = async (route: RouteRef) =>
    route.access === 'authenticated' ? (options.token ?? (await options.getToken?.())) : undefined;

  const request = async (route: RouteRef, input: AnyInput = {}) => {
    const method = route.method.toLowerCase() as Method;
    const url = urlOf(options.baseUrl, method, pathOf(route, input.params), input.query);
    const sendOptions = {
      headers: input.headers,
      token: await tokenFor(route),
      timeoutMs,
      fetch: options.fetch,
    };
    const response = await send(method, url, { ...sendOptions, body: input.body });
    return { url, response, again: (next: string) => send('get', next, sendOptions) };
  };
  const withResponse = ({ data, status, headers }: RawResponse) => ({
    data,
    status,
    headers,
    rateLimit: rateLimitOf(headers),
  });

  const callOf = (route: RouteRef) =>
    Object.assign(async (input?: AnyInput) => (await request(route, input)).response.data, {
      withResponse: async (input?: AnyInput) => withResponse((await request(route, input)).response),
      all: async (input?: AnyInput) => {
        const { url, response, again } = await request(route, input);
        return followPages(response, url, again);
      },
    });

  return Object.fromEntries(
    Object.entries(routes).map(([group, entries]) => [
      group,
      Object.fromEntries(
        Object.entries(entries as Record<string, RouteRef>).map(([name, route]) => [name, callOf(route)]),
      ),
    ]),
  ) as unknown as VivierClient;
}
