/**
 * API tokens (issue 25, decision 198): what authenticating with a token adds to a request, against the same
 * request with a session's access token. `GET /api/users/me` one at a time, the two kinds of call alternated so
 * the machine's noise falls on both; the budget is on the difference of their p95 (< 0.5 ms).
 */
import type { Report } from './report.ts';
import type { Server } from './server.ts';
import { quantile } from './stats.ts';

const RUNS = 1000;
export const TOKEN_AUTH_BUDGET_MS = 0.5;

export async function tokenAuthScenario(server: Server, headers: Record<string, string>, report: Report) {
  const created = await fetch(`${server.url}/api/api_tokens`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', scopes: ['users:read'] }),
  });
  if (created.status !== 201) throw new Error(`creating the token answered ${created.status}`);
  const { token } = (await created.json()) as { token: string };
  const callers = { session: headers, token: { authorization: `Bearer ${token}` } };
  const durations = { session: [] as number[], token: [] as number[] };
  const errors = { session: 0, token: 0 };
  // A few calls first: connections, caches and the JIT warm for both.
  for (let i = 0; i < 50; i++) for (const kind of ['session', 'token'] as const) await call(kind);
  server.resetPeak();
  await server.loopDelay();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    for (const kind of i % 2 === 0 ? (['session', 'token'] as const) : (['token', 'session'] as const)) {
      const start = performance.now();
      const ok = await call(kind);
      durations[kind].push(performance.now() - start);
      if (!ok) errors[kind] += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const loop = await server.loopDelay();
  report.record(
    'GET /users/me with a session',
    1,
    durations.session,
    seconds / 2,
    errors.session,
    server,
    loop,
  );
  report.record(
    'GET /users/me with an API token',
    1,
    durations.token,
    seconds / 2,
    errors.token,
    server,
    loop,
  );
  const added = quantile(durations.token, 0.95) - quantile(durations.session, 0.95);
  console.log(
    `  API token authentication adds ${added.toFixed(2)} ms to the p95 of GET /users/me (issue 25: < ${TOKEN_AUTH_BUDGET_MS} ms): ${added < TOKEN_AUTH_BUDGET_MS ? 'met' : 'MISSED'}`,
  );

  async function call(kind: 'session' | 'token') {
    const res = await fetch(`${server.url}/api/users/me`, { headers: callers[kind] });
    await res.arrayBuffer();
    return res.status === 200;
  }
}
