/**
 * The parts of the client the web app's call layer is built on (apps/web/src/shared/api/): request building,
 * case conversion, error parsing, the call's types. No client is built here, so a bundle that imports this
 * carries only what it uses.
 */
export { forceHttps, joinUrl } from './base-url.ts';
export { type Camelize, camelCaseKey, snakeCaseKey, toCamelCase, toSnakeCase } from './case.ts';
export {
  type ApiErrorCode,
  type ApiErrorKind,
  isVivierApiError,
  type RateLimit,
  rateLimitOf,
  VivierApiError,
} from './error.ts';
export { nextLink } from './link-header.ts';
export { followPages, listData, type Page, pageOf } from './pages.ts';
export { serializeQuery } from './query-string.ts';
export {
  type Fetch,
  METHODS,
  type Method,
  type RawResponse,
  type SendOptions,
  type StreamHandlers,
  send,
  stream,
} from './request.ts';
export type { ArgsOf, CallResult, EntryOf, ItemOf, ResultOf, RouteInput } from './route-types.ts';
export { pathOf, urlOf } from './url.ts';
