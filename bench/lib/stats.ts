/** The q-th quantile (0..1) of the durations, nearest-rank. */
export function quantile(durations: number[], q: number) {
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

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

/** A plain text table: one line per row, columns padded to their widest cell. */
export function textTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
