import type { RouteEntry, RouteRef } from '@vivier/contract/routes';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { type Camelize, camelCaseKey } from './case';
import type { CallOptions, Page, ServiceClient } from './http-client';
import type { Method, StreamHandlers } from './request';
import { licenceService, mainService, usersService } from './services';

/**
 * Calls of the contract's route table (decision 150): `call(routes.jobOffers.update, {params, query, body})`.
 * The route says the method, the path, the service (SPEC section 7's three base URLs) and whether the call
 * carries the session; its schemas type the input (the camelCase view of what the server accepts: keys are
 * sent snake_case) and the result (the camelCase view of what it answers). The service client below keeps
 * everything else: timeout, token refresh, errors, 401 and 503.
 */

type SchemaOf<R, K extends string> = R extends { [key in K]: infer S extends z.ZodType } ? S : never;
type Has<R, K extends string> = [SchemaOf<R, K>] extends [never] ? false : true;

type ParamsInput<R> =
  Has<R, 'params'> extends true ? { params: Camelize<z.output<SchemaOf<R, 'params'>>> } : { params?: never };
type QueryInput<R> =
  Has<R, 'query'> extends true
    ? Record<never, never> extends Camelize<z.input<SchemaOf<R, 'query'>>>
      ? { query?: Camelize<z.input<SchemaOf<R, 'query'>>> }
      : { query: Camelize<z.input<SchemaOf<R, 'query'>>> }
    : { query?: never };
type BodyInput<R> =
  Has<R, 'body'> extends true ? { body: Camelize<z.input<SchemaOf<R, 'body'>>> } : { body?: never };

/** What a call of route R takes: path parameters, query and body in camelCase, and a few transport options. */
export type CallInput<R> = ParamsInput<R> &
  QueryInput<R> &
  BodyInput<R> & {
    /** Headers the route reads (`X-Provider-Token`, `X-Requested-Ids`). */
    headers?: Record<string, string>;
    /** False to send without the session's token (a call that sets its own Authorization header). */
    auth?: false;
    /** A query string passed on as received, not re-encoded (the OAuth callback hands the provider's on). */
    search?: string;
  };

type InputArgs<R> =
  Record<never, never> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

type Success<Rs> = Rs extends { 200: infer S }
  ? S
  : Rs extends { 201: infer S }
    ? S
    : Rs extends { 202: infer S }
      ? S
      : Rs extends { 204: infer S }
        ? S
        : never;
type Answer<S> = [S] extends [never] ? unknown : S extends z.ZodType ? Camelize<z.output<S>> : unknown;

/** What a call of route R answers: the camelCase view of its success schema (`undefined` for a 204). */
export type CallResult<R> = R extends { responses: infer Rs }
  ? Answer<Success<Rs>> extends null
    ? undefined
    : Answer<Success<Rs>>
  : unknown;

/** One item of a list route's `data`. */
export type ItemOf<R> = CallResult<R> extends { data: (infer Item)[] } ? Item : never;

const services: Record<RouteEntry['service'], ServiceClient> = {
  main: mainService,
  users: usersService,
  licence: licenceService,
};

/** The route's path with its `:name` parameters filled in, each encoded. */
export function pathOf(route: RouteRef, params: Record<string, unknown> | undefined): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[camelCaseKey(name)];
    if (value === undefined || value === null) throw new ApiError('route', 'Bad route');
    return encodeURIComponent(String(value));
  });
}

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

/** The entry behind a route of `@vivier/contract/routes`. */
type EntryOf<Ref> = Ref extends RouteRef<infer R> ? R : never;

/** The input of a call of `Ref`, e.g. `InputOf<typeof routes.jobOffers.list>['query']`. */
export type InputOf<Ref> = CallInput<EntryOf<Ref>>;

/** The camelCase body a route takes, e.g. `BodyOf<typeof routes.candidates.create>`. */
export type BodyOf<Ref> = NonNullable<InputOf<Ref>['body']>;

/** What a call of `Ref` answers. */
export type ResultOf<Ref> = CallResult<EntryOf<Ref>>;
