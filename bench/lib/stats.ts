/** Times `run` `times` times in turn (after `warmup` untimed runs) and answers the durations in ms. */
export async function measure(times: number, warmup: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < warmup; i++) await run(i);
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run(i);
    durations.push(performance.now() - start);
  }
  return durations;
}

/** The q-th quantile (0..1) of the durations, nearest-rank. */
export function quantile(durations: number[], q: number) {
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export type Row = { scenario: string; durations: number[]; budgetP95?: number };

/** Prints median, p95 and p99 per scenario as a table; answers whether every budget held. */
export function printTable(title: string, rows: Row[]) {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const table = rows.map((r) => {
    const p95 = quantile(r.durations, 0.95);
    return {
      scenario: r.scenario,
      requests: r.durations.length,
      median: ms(quantile(r.durations, 0.5)),
      p95: ms(p95),
      p99: ms(quantile(r.durations, 0.99)),
      budget:
        r.budgetP95 === undefined ? '' : `p95 < ${r.budgetP95} ms: ${p95 < r.budgetP95 ? 'ok' : 'MISSED'}`,
    };
  });
  const columns = ['scenario', 'requests', 'median', 'p95', 'p99', 'budget'] as const;
  const widths = columns.map((c) => Math.max(c.length, ...table.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line([...columns]));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of table) console.log(line(columns.map((c) => String(r[c]))));
  console.log('');
  return rows.every((r) => r.budgetP95 === undefined || quantile(r.durations, 0.95) < r.budgetP95);
}
