/**
 * Wire payloads are snake_case; the app works in camelCase (SPEC section 1, DESIGN section 5): the client
 * package's conversion (decision 200).
 */
export { type Camelize, camelCaseKey, snakeCaseKey, toCamelCase, toSnakeCase } from '@vivier/client/core';
