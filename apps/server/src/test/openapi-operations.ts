import qs from 'qs';
import type { App } from '../app.ts';

/** A JSON schema as the OpenAPI document gives it (only what the tests read). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  description?: string;
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. `/api/job_offers/{id}/tags/{tagId}`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
  /** Whether the route needs a bearer token (the authenticated scope marks its routes). */
  authenticated: boolean;
  label: string;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};

/**
 * Every operation of the app's OpenAPI document. The security tests walk this list, so a route added later is
 * covered without editing them (issue 14).
 */
export function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const parameters = op.parameters ?? [];
      const upper = method.toUpperCase() as Operation['method'];
      return {
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        authenticated: (op.security ?? []).length > 0,
        label: `${upper} ${path}`,
      };
    }),
  );
}

/** The URL of an operation with its path parameters filled and a query in the wire's bracket form. */
export function urlOf(op: Operation, params: Record<string, string | number>, query: object = {}) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.label}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = qs.stringify(query, { arrayFormat: 'brackets', encodeValuesOnly: true });
  return search ? `${path}?${search}` : path;
}

const typesOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

const INTERVIEW_EXAMPLE = {
  date: '2030-03-05',
  start_time: '10:00',
  duration_minutes: 45,
  time_zone: 'Europe/Paris',
  candidate_time_zone: 'Europe/Paris',
  kind: 'video',
  location: 'https://example.test/',
  interviewer_ids: [1],
};

/**
 * Bodies whose rules the schema cannot show (a value checked against a pattern chosen by a sibling field): what
 * a well-behaved client sends there.
 */
export const BODY_EXAMPLES: Record<string, unknown> = {
  'PATCH /api/candidates/{id}/add_contact': { type: 'email', value: 'someone@example.test' },
  'PATCH /api/candidates/{id}/delete_contact': { type: 'email', value: 'someone@example.test' },
  'PATCH /api/candidates/{id}/set_primary_contact': { type: 'email', value: 'someone@example.test' },
  // A calendar date and a wall-clock time, which a pattern alone does not make valid (issue 27).
  'POST /api/job_applications/{id}/interviews': INTERVIEW_EXAMPLE,
  'PATCH /api/interviews/{id}': INTERVIEW_EXAMPLE,
};

/** The body a well-behaved client sends to an operation. */
export const bodyExampleOf = (op: Operation) => BODY_EXAMPLES[op.label] ?? exampleOf(op.body);

/** A small valid value for a schema: what a well-behaved client would send. */
export function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) {
    const nonNull = alternative.find((s) => !typesOf(s).includes('null'));
    return exampleOf(nonNull ?? alternative[0]);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s)));
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        // A key the contract accepts and ignores on purpose (PATCH /users/{id}: `id`, `license_id`, `sf_id`).
        if (property.description?.startsWith('Ignored')) continue;
        // A transformed field (an email trimmed then checked) shows as a bare string: its name says more.
        const named = typesOf(property).includes('string') && NAMED_STRINGS.find(([name]) => name.test(key));
        out[key] = named ? named[1] : exampleOf(property);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items));
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(schema.minimum ?? 1));
    case 'boolean':
      return false;
    case 'string':
      return stringExample(schema);
    default:
      return schema.default ?? null;
  }
}

/** Strings of the shapes the contract asks for (emails, colours, phones, dates, URLs, free text). */
const STRING_CANDIDATES = [
  'Example text',
  'someone@example.test',
  '1c7ed6',
  '+33 6 12 34 56 78',
  new Date().toISOString(),
  'https://example.test/',
  'x',
  '1',
];

/** Codes a schema shows as bare strings (checked by a refinement): their names say what they hold. */
const NAMED_STRINGS: [RegExp, string][] = [
  [/(^|_)email$/, 'someone@example.test'],
  // ISO 3166-1 alpha-2 and ISO 4217 (job postings, issue 23).
  [/(^|_)country$/, 'FR'],
  [/(^|_)currency$/, 'EUR'],
  // A webhook endpoint's address (issue 25): checked after trimming, so the schema shows a bare string.
  [/^url$/, 'https://example.test/hook'],
];

function stringExample(schema: JsonSchema): string {
  const byFormat: Record<string, string> = {
    email: 'someone@example.test',
    'date-time': new Date().toISOString(),
    uri: 'https://example.test/',
  };
  const fits = (v: string) =>
    v.length >= (schema.minLength ?? 0) &&
    v.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern).test(v)) &&
    (!schema.format || !byFormat[schema.format] || v === byFormat[schema.format]);
  const found = STRING_CANDIDATES.find(fits);
  if (found) return found;
  const text = 'Example text';
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
}
