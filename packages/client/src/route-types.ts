import type { RouteEntry, RouteRef } from '@vivier/contract/routes';
import type { z } from 'zod';
import type { Camelize } from './case.ts';

/**
 * The types of a call of the route table's entry R (decision 150), read from its zod schemas with no code
 * generated: the input is the camelCase view of what the server accepts (keys are sent snake_case), the result
 * the camelCase view of what it answers. The web app's `call` and a client of `createClient` share them.
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

/** What a call of route R takes: path parameters, query and body in camelCase, and headers the route reads. */
export type RouteInput<R> = ParamsInput<R> &
  QueryInput<R> &
  BodyInput<R> & {
    /** Headers the route reads (`X-Requested-Ids`, `X-Provider-Token`). */
    headers?: Record<string, string>;
  };

/** A call's arguments: the input may be left out when nothing in it is required. */
export type ArgsOf<I> = Record<never, never> extends I ? [input?: I] : [input: I];

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

/** The entry behind a route of `@vivier/contract/routes`. */
export type EntryOf<Ref> = Ref extends RouteRef<infer R> ? R : never;

/** What a call of `Ref` answers, e.g. `ResultOf<typeof routes.jobOffers.get>`. */
export type ResultOf<Ref> = CallResult<EntryOf<Ref>>;

export type { RouteEntry, RouteRef };
