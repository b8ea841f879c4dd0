/**
 * The benchmark's report: one row per scenario and concurrency, printed as a table beside its budget and merged
 * into bench/results/latest.json (a run's rows replace those of the same scenario, database, dataset, size and
 * concurrency).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Budget, budgetAt, LOOP_DELAY_BUDGET_MS, OVERHEAD_BUDGET_MS } from './scenarios.ts';
import { quantile, textTable } from './stats.ts';

export type Row = {
  name: string;
  database: 'postgres' | 'pglite';
  dataset: string;
  candidates: number;
  concurrency: number;
  p50_ms: number;
  p95_ms: number;
  /** Issue 29's budgets under load are at the 97.5th percentile (rows written before it have none). */
  p975_ms?: number;
  p99_ms: number;
  rps: number;
  errors: number;
  sql_p50_ms: number | null;
  peak_rss_mb: number;
  /** The peak RSS above the RSS when the scenario started (rows of a memory budget). */
  rss_growth_mb?: number;
  /** The RSS once the server has rested (rows of a memory budget at rest, decision 224). */
  rest_rss_mb?: number;
  loop_delay_max_ms: number | null;
  budget: string | null;
};

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const MEMORY_BUDGET_TEXT = {
  rss_growth_mb: 'memory growth',
  peak_rss_mb: 'peak RSS',
  rest_rss_mb: 'RSS at rest',
};

/** A latency budget's metric: how the table names it, and which measured quantile it holds. */
const LATENCY = {
  p95_ms: ['p95', 'p95'],
  p975_ms: ['p97.5', 'p975'],
  p99_ms: ['p99', 'p99'],
} as const;

function budgetText(
  budget: Budget | undefined,
  measured: { p95: number; p975: number; p99: number; rps: number },
  memoryMb: number | undefined,
) {
  if (!budget) return null;
  if (budget.metric === 'rps')
    return measured.rps >= budget.atLeast
      ? `>= ${budget.atLeast} req/s: met`
      : `>= ${budget.atLeast} req/s: MISSED (${round(measured.rps)})`;
  if (budget.metric in LATENCY) {
    const [label, key] = LATENCY[budget.metric as keyof typeof LATENCY];
    const over = measured[key] - budget.under;
    return over < 0
      ? `${label} < ${budget.under} ms: met`
      : `${label} < ${budget.under} ms: MISSED by ${round(over)} ms`;
  }
  const mb = memoryMb ?? Number.NaN;
  const what = MEMORY_BUDGET_TEXT[budget.metric as keyof typeof MEMORY_BUDGET_TEXT];
  return mb < budget.under
    ? `${what} < ${budget.under} MB: met (${round(mb)} MB)`
    : `${what} < ${budget.under} MB: MISSED (${round(mb)} MB)`;
}

/** A run's rows; `candidates` is the size measured (the generated one, or what a reused database holds). */
export function createReport(run: { database: 'postgres' | 'pglite'; dataset: string; candidates: number }) {
  const rows: Row[] = [];
  /** Scenario name → the p50 of its queries run directly. */
  const sqlP50 = new Map<string, number>();
  let candidates = run.candidates;
  /** A row's identity, with no answers measured yet (a memory row keeps these zeros). */
  const baseRow = (name: string, concurrency: number): Row => ({
    name,
    database: run.database,
    dataset: run.dataset,
    candidates,
    concurrency,
    p50_ms: 0,
    p95_ms: 0,
    p975_ms: 0,
    p99_ms: 0,
    rps: 0,
    errors: 0,
    sql_p50_ms: null,
    peak_rss_mb: 0,
    loop_delay_max_ms: null,
    budget: null,
  });
  return {
    rows,
    sqlP50,
    measured(count: number) {
      candidates = count;
    },
    record(
      name: string,
      concurrency: number,
      durations: number[],
      seconds: number,
      errors: number,
      server: { peakRssMb(): number },
      loop: { maxMs: number } | null,
      budget?: Budget,
      statuses?: Record<string, number>,
      rssGrowthMb?: number,
    ) {
      const p95 = quantile(durations, 0.95);
      const p975 = quantile(durations, 0.975);
      const p99 = quantile(durations, 0.99);
      const rps = durations.length / seconds;
      const row: Row = {
        ...baseRow(name, concurrency),
        p50_ms: round(quantile(durations, 0.5), 2),
        p95_ms: round(p95, 2),
        p975_ms: round(p975, 2),
        p99_ms: round(p99, 2),
        rps: round(rps),
        errors,
        sql_p50_ms: sqlP50.has(name) ? round(sqlP50.get(name) as number, 2) : null,
        peak_rss_mb: round(server.peakRssMb()),
        loop_delay_max_ms: loop && !Number.isNaN(loop.maxMs) ? round(loop.maxMs) : null,
        budget: budgetText(budget && budgetAt(budget, concurrency), { p95, p975, p99, rps }, rssGrowthMb),
        ...(rssGrowthMb === undefined ? {} : { rss_growth_mb: round(rssGrowthMb) }),
      };
      rows.push(row);
      console.log(
        `  ${name} (c=${concurrency}): p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms, ${row.rps} req/s, ${errors} errors${statuses ? ` ${JSON.stringify(statuses)}` : ''}`,
      );
    },
    /** A row of memory alone: a server's peak and its RSS at rest, against a budget on one of them. */
    recordMemory(name: string, memory: { peakMb: number; restMb: number }, budget: Budget) {
      const row: Row = {
        ...baseRow(name, 1),
        peak_rss_mb: round(memory.peakMb),
        rest_rss_mb: round(memory.restMb),
        budget: budgetText(
          budget,
          { p95: 0, p975: 0, p99: 0, rps: 0 },
          budget.metric === 'peak_rss_mb' ? memory.peakMb : memory.restMb,
        ),
      };
      rows.push(row);
      console.log(`  ${name}: peak ${row.peak_rss_mb} MB, at rest ${row.rest_rss_mb} MB (${row.budget})`);
    },
    write(summary: { applications: number; duration: number }) {
      if (rows.length === 0) return;
      const overhead = (r: Row) => {
        if (r.sql_p50_ms === null || r.concurrency !== 1) return '';
        const added = r.p50_ms - r.sql_p50_ms;
        const ratio = r.p50_ms / Math.max(0.01, r.sql_p50_ms);
        return `+${round(added, 2)} ms, ${round(ratio, 2)}x ${added < OVERHEAD_BUDGET_MS ? 'met' : 'MISSED'}`;
      };
      const loop = (r: Row) =>
        r.loop_delay_max_ms === null
          ? ''
          : `${r.loop_delay_max_ms}${r.loop_delay_max_ms > LOOP_DELAY_BUDGET_MS ? ' (>50)' : ''}`;
      console.log(
        `\n${run.database}, dataset "${run.dataset}": ${candidates} candidates, ${summary.applications} applications, ${summary.duration} s per measurement, load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} on ${os.cpus().length} cores\n`,
      );
      console.log(
        textTable(
          [
            'scenario',
            'c',
            'p50 ms',
            'p95 ms',
            'p97.5 ms',
            'p99 ms',
            'req/s',
            'errors',
            'sql p50',
            'API-SQL (<2 ms)',
            'peak RSS MB',
            'loop max ms',
            'budget',
          ],
          rows.map((r) => [
            r.name,
            String(r.concurrency),
            String(r.p50_ms),
            String(r.p95_ms),
            String(r.p975_ms ?? ''),
            String(r.p99_ms),
            String(r.rps),
            String(r.errors),
            r.sql_p50_ms === null ? '' : String(r.sql_p50_ms),
            overhead(r),
            String(r.peak_rss_mb),
            loop(r),
            r.budget ?? '',
          ]),
        ),
      );
      // Merge: this run's rows replace those of the same scenario, database, dataset, size and concurrency.
      const file = path.join(import.meta.dirname, '../results/latest.json');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const key = (r: Row) => [r.name, r.database, r.dataset, r.candidates, r.concurrency].join('|');
      const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Row[]) : [];
      const mine = new Set(rows.map(key));
      const merged = [...previous.filter((r) => !mine.has(key(r))), ...rows];
      fs.writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
      console.log(`\nwrote ${path.relative(process.cwd(), file)} (${merged.length} rows)`);
    },
  };
}

export type Report = ReturnType<typeof createReport>;
