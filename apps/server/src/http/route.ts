import type { Server } from 'node:http';
import { errorCodesOf, type RouteEntry } from '@vivier/contract';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isAuthenticatedScope } from './authenticate.ts';

/** The instance a module's routes are registered on (the zod type provider's). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type Field<R, K extends string> = R extends { [key in K]: infer S } ? S : undefined;

/** The Fastify schema of a table entry, as the zod type provider reads it. */
export type SchemaOf<R extends RouteEntry> = {
  params: Field<R, 'params'>;
  querystring: Field<R, 'query'>;
  body: Field<R, 'body'>;
  headers: Field<R, 'headers'>;
  response: R['responses'];
};

/** A handler for one entry: params, query, body, headers and the reply's body typed from it. */
export type HandlerOf<R extends RouteEntry> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ZodTypeProvider
>;

/** The entries registered on each app (keyed by its server, which every scope of the app shares). */
const registered = new WeakMap<Server, Set<RouteEntry>>();

/**
 * Registers one route of the contract's table (decision 150): method, path and schemas come from the entry,
 * the module gives the handler. Refuses to start when the entry's `access` does not match the scope it is
 * registered in (a public route inside the authenticated scope, or the reverse), or when an entry is
 * registered twice.
 */
export function register<R extends RouteEntry>(
  app: ZodApp,
  entry: R,
  handler: HandlerOf<R>,
  options: { bodyLimit?: number } = {},
) {
  const label = `${entry.method} ${entry.path}`;
  const authenticated = isAuthenticatedScope(app as unknown as FastifyInstance);
  if (authenticated !== (entry.access === 'authenticated')) {
    throw new Error(
      `${label} is ${entry.access} in the route table but registered ${authenticated ? 'inside' : 'outside'} the authenticated scope`,
    );
  }
  const entries = registered.get(app.server) ?? new Set<RouteEntry>();
  if (entries.has(entry)) throw new Error(`${label} is registered twice`);
  entries.add(entry);
  registered.set(app.server, entries);
  app.route({
    method: entry.method,
    url: entry.path,
    ...options,
    config: { contract: entry },
    schema: {
      tags: [...entry.tags],
      summary: entry.summary,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.consumes ? { consumes: [...entry.consumes] } : {}),
      ...(entry.produces ? { produces: [...entry.produces] } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.headers ? { headers: entry.headers } : {}),
      ...(Object.keys(entry.responses).length > 0 ? { response: entry.responses } : {}),
    } as unknown as SchemaOf<R>,
    handler,
  });
}

/** The table entries registered on `app` (tests compare them with the table). */
export const registeredRoutes = (app: FastifyInstance): ReadonlySet<RouteEntry> =>
  registered.get(app.server) ?? new Set();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry a route was registered from (register above). */
    contract?: RouteEntry;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI transform: the zod schemas as JSON schemas (fastify-type-provider-zod), plus, for a route of
 * the table, every error code it can answer as its `default` response.
 */
export function openApiTransform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const entry = (input.route.config as { contract?: RouteEntry } | undefined)?.contract;
  if (!entry) return result;
  const codes = errorCodesOf(entry);
  const schema = result.schema as Record<string, unknown>;
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  if (Object.keys(entry.responses).length === 0) {
    response[200] = { description: entry.description ?? 'The answer' };
  }
  response.default = {
    description: `An error: ${codes.join(', ')}`,
    type: 'object',
    required: ['error', 'message'],
    properties: {
      error: { type: 'string', enum: codes },
      message: { type: 'string' },
      details: { type: 'array', items: { type: 'object' } },
    },
  };
  return { ...result, schema: { ...schema, response } };
}
