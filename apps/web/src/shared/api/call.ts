import {
  type ArgsOf,
  type CallResult,
  type EntryOf,
  type ItemOf,
  pathOf,
  type ResultOf,
  type RouteInput,
} from '@vivier/client/core';
import type { RouteEntry, RouteRef } from '@vivier/contract/routes';
import type { CallOptions, Page, ServiceClient } from './http-client';
import type { Method, StreamHandlers } from './request';
import { licenceService, mainService, usersService } from './services';

/**
 * Calls of the contract's route table (decision 150): `call(routes.jobOffers.update, {params, query, body})`,
 * typed, URL built and errors read by the client package (`@vivier/client/core`, decision 200), as a program's
 * `createClient` is. The route says the method, the path, the service (SPEC section 7's three base URLs) and
 * whether the call carries the session; its schemas type the input (the camelCase view of what the server
 * accepts: keys are sent snake_case) and the result (the camelCase view of what it answers). The service client
 * keeps everything else: timeout, token refresh, errors, 401 and 503.
 */

/** What a call of route R takes: the client package's input (decision 200) and a few transport options. */
export type CallInput<R> = RouteInput<R> & {
  /** False to send without the session's token (a call that sets its own Authorization header). */
  auth?: false;
  /** A query string passed on as received, not re-encoded (the OAuth callback hands the provider's on). */
  search?: string;
};

type InputArgs<R> = ArgsOf<CallInput<R>>;

export type { CallResult, ItemOf };

const services: Record<RouteEntry['service'], ServiceClient> = {
  main: mainService,
  users: usersService,
  licence: licenceService,
};

export { pathOf };

/** Any route's input, as `prepare` reads it (the typed one is checked at the call). */
interface AnyInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  headers?: Record<string, string>;
  auth?: false;
  search?: string;
}

function prepare(route: RouteRef, input: AnyInput = {}) {
  const options: CallOptions = {
    query: input.query as Record<string, unknown> | undefined,
    body: input.body,
    headers: input.headers,
    auth: route.access === 'authenticated' && input.auth !== false,
  };
  return {
    client: services[route.service],
    method: route.method.toLowerCase() as Method,
    path:
      pathOf(route, input.params as Record<string, unknown> | undefined) +
      (input.search ? `?${input.search}` : ''),
    options,
  };
}

/** Calls a route of the table and answers its body. */
export async function call<R extends RouteEntry>(
  route: RouteRef<R>,
  ...[input]: InputArgs<R>
): Promise<CallResult<R>> {
  return (await callWithHeaders(route, ...([input] as InputArgs<R>))).data;
}

/** Calls a route of the table and answers its body with the answer's headers (`Link`, `X-Total-Count`). */
export async function callWithHeaders<R extends RouteEntry>(
  route: RouteRef<R>,
  ...[input]: InputArgs<R>
): Promise<{ data: CallResult<R>; headers: Headers }> {
  const { client, method, path, options } = prepare(route, input);
  const response = await client.request(method, path, options);
  return { data: response.data as CallResult<R>, headers: response.headers };
}

/** One page of a list route: sends `page` and `perPage`, reads `data` and `totalCount` (SPEC section 7). */
export function callPage<R extends RouteEntry>(
  route: RouteRef<R>,
  page: number,
  perPage: number,
  ...[input]: InputArgs<R>
): Promise<Page<ItemOf<R>>> {
  const { client, path, options } = prepare(route, input);
  return client.getPage<ItemOf<R>>(path, page, perPage, options);
}

/** Every item of a list route, following `Link: rel="next"` page after page (SPEC section 7). */
export function callAll<R extends RouteEntry>(
  route: RouteRef<R>,
  ...[input]: InputArgs<R>
): Promise<ItemOf<R>[]> {
  const { client, path, options } = prepare(route, input);
  return client.getAll<ItemOf<R>>(path, options);
}

/** A route answering a file, handed over chunk by chunk (an export); answers its headers at the end. */
export function callStream<R extends RouteEntry>(
  route: RouteRef<R>,
  handlers: StreamHandlers,
  ...[input]: InputArgs<R>
): Promise<{ headers: Headers }> {
  const { client, path, options } = prepare(route, input);
  return client.stream(path, handlers, options);
}

/** The input of a call of `Ref`, e.g. `InputOf<typeof routes.jobOffers.list>['query']`. */
export type InputOf<Ref> = CallInput<EntryOf<Ref>>;

/** The camelCase body a route takes, e.g. `BodyOf<typeof routes.candidates.create>`. */
export type BodyOf<Ref> = NonNullable<InputOf<Ref>['body']>;

export type { ResultOf };
