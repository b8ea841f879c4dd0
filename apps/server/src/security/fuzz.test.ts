import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERSARIAL_HTML } from '../test/adversarial-html.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { bodyExampleOf, type Operation, operationsOf } from '../test/openapi-operations.ts';
import { tenantWithData } from '../test/tenant-data.ts';

/**
 * Input fuzzing over every route of the OpenAPI document (issue 14 §5; Schemathesis' checks): random and
 * boundary path parameters, queries and bodies never produce a 5xx, a 4xx always comes with the contract's
 * `{error, message}` and changes nothing, and every answer matches its documented schema (the serializer
 * validates responses: a mismatch would be a 500). `FUZZ_RUNS` sets the runs per route (default 12).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const hostileText = fc.constantFrom(
  '',
  ' ',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '%00',
  '../../etc/passwd',
  '𝒱𝒾𝓋𝒾𝑒𝓇 🧑‍💻',
  '\u202e\u0301',
  'x'.repeat(10_000),
  '9'.repeat(40),
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '{}',
  '[]',
  // Rich text of the largest accepted size built to make a parser work hardest (issue 18).
  ...Object.values(ADVERSARIAL_HTML),
);
const hostileScalar = fc.oneof(
  hostileText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.constantFrom(0, -1, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const deepNesting = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: [value] };
  return value;
});
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 5000 }, (_, i) => i)) },
  { weight: 1, arbitrary: deepNesting },
);

/** Every place in a JSON value where another value could go, as key paths. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value && typeof value === 'object')
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  return [prefix];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  if (value && typeof value === 'object')
    return { ...value, [head]: replaceAt((value as Record<string, unknown>)[head], rest, replacement) };
  return value;
}

/** A body: the valid example with one place replaced, an extra key, or something else entirely. */
function bodyArbitrary(op: Operation): fc.Arbitrary<unknown> {
  const example = bodyExampleOf(op);
  const places = pathsOf(example);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...places), hostileValue).map(([path, v]) => replaceAt(example, path, v)),
    hostileValue.map((v) =>
      example && typeof example === 'object' && !Array.isArray(example)
        ? { ...example, licence_id: 2, license_id: 2, role: 'admin', id: 1, extra: v }
        : v,
    ),
    hostileValue,
  );
}

const queryArbitrary = (op: Operation) =>
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(...op.query.map((q) => q.name), 'page', 'per_page', 'filters[search]', 'embed[]'),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('filters[tags][]', 'filters[tags][0][x]', 'statuses[]', 'filters[with_status_id]'),
    ),
    hostileText,
    { maxKeys: 4 },
  );

const paramArbitrary = fc.oneof(hostileText, fc.integer().map(String), fc.string({ maxLength: 30 }));

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp({ VIVIER_LOGIN_MAX_PER_ACCOUNT: '100000', VIVIER_LOGIN_MAX_PER_ADDRESS: '100000' });
  await tenantWithData(t, 'Fuzzone');
  await tenantWithData(t, 'Fuzztwo');
  operations = operationsOf(t.app);
}, 120_000);
afterAll(() => t.close());

describe('input fuzzing, from the OpenAPI document', () => {
  it('covers the routes there are', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it('never answers 5xx; a 4xx has the contract body and changes nothing', async () => {
    const failures: string[] = [];
    let admins = 0;
    for (const op of operations) {
      // A fresh admin per route, so a fuzzed call that edits or deletes users cannot lock the next route out.
      const email = `fuzzer${++admins}@fuzzone.test`;
      await t.user(1, email, 'admin');
      const { jwt } = await t.login(email);
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...op.pathParams.map(() => paramArbitrary)),
          queryArbitrary(op),
          op.body ? bodyArbitrary(op) : fc.constant(undefined),
          async (params, query, body) => {
            const path = op.pathParams.reduce(
              (p, name, i) => p.replace(`{${name}}`, encodeURIComponent(String(params[i]))),
              op.path,
            );
            const search = new URLSearchParams(query).toString();
            const before = await fingerprint(t.db);
            const res = await t.app.inject({
              method: op.method,
              url: search ? `${path}?${search}` : path,
              headers: { ...(op.authenticated ? t.auth(jwt) : {}), 'content-type': 'application/json' },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            const what = `${op.label} ${path}?${search.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 120)}`;
            if (res.statusCode >= 500) {
              failures.push(`${what} answered ${res.statusCode} ${res.body.slice(0, 160)}`);
              return;
            }
            if (res.statusCode >= 400) {
              const answer = res.json() as { error?: unknown; message?: unknown };
              if (typeof answer.error !== 'string' || typeof answer.message !== 'string')
                failures.push(`${what} answered ${res.statusCode} without {error, message}`);
              const after = await fingerprint(t.db);
              const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
              if (changed.length > 0)
                failures.push(`${what} answered ${res.statusCode} but changed ${changed}`);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
