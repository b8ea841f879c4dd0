import type { z } from 'zod';
import type { ApiTokenResource } from '../api-token-scopes.ts';
import type { ErrorCode } from '../common.ts';

/** The three services of SPEC section 7; each has its own base URL in the web client. */
export type Service = 'licence' | 'users' | 'main';

/**
 * Who may call a route: `public` (sign-in, refresh, recovery, health: no token) or `authenticated` (a valid
 * access token). The server registers each route in the scope of that name and refuses to start otherwise.
 */
export type Access = 'public' | 'authenticated';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route is and who may call it: the zod-free part of an entry (addresses.ts). */
export interface Address {
  method: HttpMethod;
  path: string;
  service: Service;
  access: Access;
  /** Health only: registered outside the maintenance gate, so it answers during a maintenance window. */
  ungated?: true;
  /**
   * The resource an API token needs a scope of to call the route (issue 25, decision 198): `<resource>:read`
   * for GET, `<resource>:write` otherwise. A route without one is closed to tokens.
   */
  scope?: ApiTokenResource;
}

/**
 * One route of the API: everything the server validates and documents and the web client types its call
 * with. Paths are Fastify's (`/job_offers/:id`), under `/api`. `errors` lists the codes the route's own rules
 * answer; the ones every route of its kind can answer (`validation_error` when it takes input, the token
 * codes when authenticated, `maintenance`, `overloaded`) are added by `errorCodesOf`.
 */
export interface RouteEntry extends Address {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Success answers by status. A route that streams a file names none (its `produces` says what it is). */
  responses: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
  errors: readonly ErrorCode[];
  tags: readonly string[];
  summary: string;
  description?: string;
  consumes?: readonly string[];
  produces?: readonly string[];
}

/** An entry's schemas and documentation: what the table adds to an address. */
export type RouteSpec = Omit<RouteEntry, keyof Address>;

/** Declares a route at an address, keeping every schema's own type (the server and the web infer them). */
export const route = <const A extends Address, const S extends RouteSpec>(address: A, spec: S): A & S => ({
  ...address,
  ...spec,
});

declare const entryType: unique symbol;

/**
 * A route as the web holds it: its address at run time, its whole entry as a type only, so a call is typed
 * from the schemas without the bundle carrying them (routes/refs.ts).
 */
export type RouteRef<R extends RouteEntry = RouteEntry> = Pick<
  R,
  'method' | 'path' | 'service' | 'access'
> & {
  readonly [entryType]?: R;
};

/** What a resource's entry says in `group`: its spec, the group's tags unless its own, no own errors unless listed. */
export type GroupSpec = Omit<RouteSpec, 'tags' | 'errors'> & Partial<Pick<RouteSpec, 'tags' | 'errors'>>;

/**
 * A resource's routes: each address of `at` (addresses.ts) with its schemas and documentation, every address
 * given one (a missing one fails the typecheck), the OpenAPI `tags` written once. Each schema keeps its own type.
 */
export const group = <const A extends Record<string, Address>, const S extends { [N in keyof A]: GroupSpec }>(
  at: A,
  tags: readonly string[],
  specs: S,
): { [N in keyof A]: A[N] & S[N] & { tags: readonly string[]; errors: readonly ErrorCode[] } } =>
  Object.fromEntries(
    Object.entries(at).map(([name, address]) => [name, { ...address, errors: [], tags, ...specs[name] }]),
  ) as { [N in keyof A]: A[N] & S[N] & { tags: readonly string[]; errors: readonly ErrorCode[] } };

/** A resource's routes by name, e.g. `{list, get, create}`. */
export type RouteGroup = Record<string, RouteEntry>;

const TOKEN_CODES = ['unauthorized', 'invalid_token', 'token_expired'] as const;

/** Every error code a route can answer: its own, plus those of its scope and of input validation. */
export function errorCodesOf(entry: RouteEntry): ErrorCode[] {
  const codes = new Set<ErrorCode>(entry.errors);
  if (entry.params || entry.query || entry.body || entry.headers) codes.add('validation_error');
  if (entry.access === 'authenticated') for (const code of TOKEN_CODES) codes.add(code);
  if (!entry.ungated) codes.add('maintenance');
  codes.add('overloaded');
  return [...codes];
}
