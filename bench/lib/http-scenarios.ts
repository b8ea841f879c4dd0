/**
 * The scenarios measured over HTTP against the real server: the read scenarios of scenarios.ts under autocannon
 * at each concurrency (with /api/health probed during search load), then the writes (status moves under load;
 * bulk move, export, adversarial rich text, the reading of 100 PDF CVs and import timed one at a time).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADVERSARIAL_HTML } from '../../apps/server/src/bench-entry.ts';
import type { Fixture } from '../dataset/fixture.ts';
import { extractionScenario } from './extraction.ts';
import type { LoadRequest, LoadResult } from './load.ts';
import type { Report } from './report.ts';
import { BUDGETS, type Budget, importCsv, readScenarios } from './scenarios.ts';
import type { Server } from './server.ts';

export type HttpRun = {
  database: 'postgres' | 'pglite';
  server: Server;
  headers: Record<string, string>;
  fixture: Fixture;
  concurrencies: number[];
  /** Seconds per measurement under load. */
  duration: number;
  importRows: number;
  wanted(name: string): boolean;
  report: Report;
};

async function load(
  url: string,
  headers: Record<string, string>,
  requests: LoadRequest[],
  connections: number,
  duration: number,
) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(import.meta.dirname, 'load.ts'),
      JSON.stringify({ url, headers, requests, connections, duration }),
    ],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

/** Every read scenario at each concurrency (health probed during search), then the writes. */
export async function httpScenarios(run: HttpRun) {
  const { server, headers, fixture, concurrencies, wanted } = run;
  const record = run.report.record;
  type Gathered = {
    latencies: number[];
    failures: number;
    seconds: number;
    statuses: Record<string, number>;
  };
  const gather = (into: Record<number, Gathered>, concurrency: number) => {
    into[concurrency] ??= { latencies: [], failures: 0, seconds: 0, statuses: {} };
    return into[concurrency];
  };
  // Health probed during the search rows, and every answer of those rows (issue 29 §5: under saturation).
  const health: Record<number, Gathered> = {};
  const searched: Record<number, Gathered> = {};
  const reads = readScenarios(fixture, run.database).filter((s) => wanted(s.name));
  // Warm-up: every variant once, then the first scenario's for a few seconds.
  for (const scenario of reads) {
    for (const p of scenario.paths)
      await fetch(`${server.url}${p}`, { headers }).then((r) => r.arrayBuffer());
  }
  for (const concurrency of concurrencies) {
    for (const scenario of reads) {
      server.resetPeak();
      await server.loopDelay();
      const probe = scenario.group === 'search' ? healthProbe(server.url) : undefined;
      const result = await load(
        server.url,
        headers,
        scenario.paths.map((p) => ({ method: 'GET', path: p })),
        concurrency,
        run.duration,
      );
      if (probe) {
        const h = await probe.stop();
        const into = gather(health, concurrency);
        into.latencies.push(...h.latencies);
        into.failures += h.failures;
        into.seconds += h.seconds;
        const all = gather(searched, concurrency);
        all.latencies.push(...result.latencies);
        all.failures += result.non2xx + result.errors + result.timeouts;
        all.seconds += result.seconds;
        for (const [status, n] of Object.entries(result.failedStatuses))
          all.statuses[status] = (all.statuses[status] ?? 0) + n;
      }
      record(
        scenario.name,
        concurrency,
        result.latencies,
        result.seconds,
        result.non2xx + result.errors + result.timeouts,
        server,
        await server.loopDelay(),
        scenario.budget,
        result.failedStatuses,
      );
    }
    // At 50 clients and more the answers are held to the saturation budgets (issue 29 §5, decision 211).
    const saturated = concurrency >= 50;
    const gathered = (name: string, g: Gathered | undefined, budget: Budget) => {
      if (g && g.latencies.length > 0)
        record(
          name,
          concurrency,
          g.latencies,
          g.seconds,
          g.failures,
          server,
          null,
          saturated ? budget : undefined,
          g.statuses,
        );
    };
    gathered(
      'search: every answer of the rows above, 503s included',
      searched[concurrency],
      BUDGETS.saturatedApi,
    );
    gathered('health during search load', health[concurrency], BUDGETS.saturatedHealth);
  }
  await writes(run);
}

/** GET /api/health every 100 ms until stopped: what a load balancer sees while the server is busy. */

function healthProbe(url: string) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const started = performance.now();
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.ok;
        },
        () => false,
      );
      latencies.push(performance.now() - start);
      if (!ok) failures += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { latencies, failures, seconds: (performance.now() - started) / 1000 };
    },
  };
}

async function writes(run: HttpRun) {
  const { server, headers, fixture, concurrencies, wanted, importRows } = run;
  const record = run.report.record;
  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api${p}`, {
      ...init,
      headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });

  if (wanted('status move')) {
    const [a, b] = fixture.statusIds;
    const requests: LoadRequest[] = fixture.moveApplications.map((id, i) => ({
      method: 'PATCH',
      path: `/api/job_applications/${id}?embed[]=status`,
      body: JSON.stringify({ status_id: i % 2 === 0 ? a : b }),
    }));
    for (const concurrency of concurrencies) {
      server.resetPeak();
      await server.loopDelay();
      const result = await load(server.url, headers, requests, concurrency, run.duration);
      record(
        'status move',
        concurrency,
        result.latencies,
        result.seconds,
        result.non2xx + result.errors + result.timeouts,
        server,
        await server.loopDelay(),
      );
    }
  }

  /** Runs `once` `runs` times in turn, one at a time, and records it; `once` answers whether it went well. */
  async function sequential(
    name: string,
    runs: number,
    budget: Budget,
    once: (i: number) => Promise<boolean>,
  ) {
    server.resetPeak();
    await server.loopDelay();
    const durations: number[] = [];
    let errors = 0;
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      if (!(await once(i))) errors += 1;
      durations.push(performance.now() - start);
    }
    record(
      name,
      1,
      durations,
      (performance.now() - started) / 1000,
      errors,
      server,
      await server.loopDelay(),
      budget,
    );
  }

  if (wanted('bulk move')) {
    // Back and forth between the status holding ~10,000 applications and one created for the bench, so each
    // run moves the same applications.
    const created = await api('/statuses', {
      method: 'POST',
      body: JSON.stringify({ name: 'Bench', color: '868e96' }),
    });
    const bench = ((await created.json()) as { id: number }).id;
    const { offerId, statusId, applications } = fixture.bulk;
    await sequential(`bulk move of ${applications}`, 6, BUDGETS.bulk, async (i) => {
      const [from, to] = i % 2 === 0 ? [statusId, bench] : [bench, statusId];
      const res = await api(`/job_offers/${offerId}/job_applications?filters[with_status_id]=${from}`, {
        method: 'PATCH',
        body: JSON.stringify({ status_id: to }),
      });
      return res.ok && ((await res.json()) as { updated: number }).updated === applications;
    });
    // An even number of runs leaves the applications back where they were: the status goes, so that a database
    // measured again (`--reuse`) does not reach the pipeline's 10 statuses (MAX_STATUSES) and fail its moves.
    await api(`/statuses/${bench}`, { method: 'DELETE' });
  }

  if (wanted('export')) {
    const { id, applications } = fixture.bigOffer;
    await sequential(`export of ${applications}`, 3, BUDGETS.export, async () => {
      const res = await api(`/job_offers/${id}/export?format=csv_semicolumn`);
      let lines = 0;
      for await (const chunk of res.body ?? []) {
        const bytes = chunk as Uint8Array;
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1;
      }
      // A header line, then one per application (no cell holds a line break here).
      return res.ok && lines === applications + 1;
    });
  }

  if (wanted('rich text')) {
    // Issue 18: each adversarial input of security/adversarial-html.ts saved as a template, one at a time; the
    // row's 'loop max ms' is the server thread's longest stall while they were sanitised.
    const inputs = Object.entries(ADVERSARIAL_HTML);
    await sequential(
      `rich text: ${inputs.length} adversarial 100 kB templates`,
      inputs.length,
      BUDGETS.richText,
      async (i) => {
        const [name, content] = inputs[i] ?? ['', ''];
        const res = await api('/email_templates', {
          method: 'POST',
          body: JSON.stringify({ name: `Bench ${name} ${Date.now()}`, content }),
        });
        return res.status === 201;
      },
    );
  }

  if (wanted('rich text')) {
    // Issue 18 §2 (the bounds security/event-loop.test.ts held before decision 169): each adversarial input
    // saved as four templates and a signature at once while health is asked every 100 ms; the row is health's
    // answer times, its 'loop max ms' the server thread's longest stall meanwhile.
    server.resetPeak();
    await server.loopDelay();
    const probe = healthProbe(server.url);
    let errors = 0;
    for (const [name, content] of Object.entries(ADVERSARIAL_HTML)) {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) =>
          api('/email_templates', {
            method: 'POST',
            body: JSON.stringify({ name: `Bench at once ${name} ${i} ${Date.now()}`, content }),
          }),
        ),
        api('/users/me/signature', { method: 'PUT', body: JSON.stringify({ value: content }) }),
      ]);
      errors += answers.filter((res, i) => res.status !== (i < 4 ? 201 : 200)).length;
      await Promise.all(answers.map((res) => res.arrayBuffer()));
    }
    const health = await probe.stop();
    record(
      'rich text: four templates and a signature at once (health)',
      5,
      health.latencies,
      health.seconds,
      errors + health.failures,
      server,
      await server.loopDelay(),
      BUDGETS.healthDuringRichText,
    );
  }

  if (wanted('extraction')) await extractionScenario(run);

  if (wanted('import')) {
    const csv = importCsv(importRows, fixture.emails);
    await sequential(`import of ${importRows} rows`, 1, BUDGETS.import, async () => {
      const mapping =
        'mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2&mapping[phones]=3&mapping[title]=4&mapping[company]=5&mapping[tags]=6';
      const res = await api(`/candidates/import?${mapping}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      const last = JSON.parse((await res.text()).trim().split('\n').at(-1) ?? '{}') as {
        type?: string;
        processed?: number;
      };
      return res.ok && last.type === 'done' && last.processed === importRows;
    });
  }
}
