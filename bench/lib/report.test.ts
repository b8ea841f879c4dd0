import { describe, expect, it } from 'vitest';
import { createReport } from './report.ts';
import { BUDGETS, type Budget } from './scenarios.ts';

/** `count` answer times spread evenly from 1 to `slowest` ms. */
const spread = (count: number, slowest: number) =>
  Array.from({ length: count }, (_, i) => 1 + ((slowest - 1) * i) / (count - 1));

function verdict(budget: Budget, concurrency: number, durations: number[], seconds = 10) {
  const report = createReport({ database: 'pglite', dataset: 'default', candidates: 100_000 });
  const server = { peakRssMb: () => 300 };
  report.record('a row', concurrency, durations, seconds, 0, server, null, budget);
  return report.rows[0]?.budget;
}

describe("the bench's verdict on a row follows the budget of its number of clients (decision 238)", () => {
  // 1,000 answers evenly from 1 to 52.5 ms: p95 49.9, p97.5 51.2 (stats.ts's quantile, nearest rank).
  it("holds a search row at 4 clients to issue 29's 97.5th percentile, where its p95 alone would pass", () => {
    const answers = spread(1000, 52.5);
    expect(verdict(BUDGETS.search, 1, answers)).toBe('p95 < 50 ms: met');
    expect(verdict(BUDGETS.search, 4, answers)).toBe('p97.5 < 50 ms: MISSED by 1.2 ms');
    expect(verdict(BUDGETS.search, 4, spread(1000, 49))).toBe('p97.5 < 50 ms: met');
  });

  it('holds search, the job offers index and the applications page at 50 clients to 500 answers a second', () => {
    expect(verdict(BUDGETS.offers, 50, spread(660, 900))).toBe('>= 500 req/s: MISSED (66)');
    expect(verdict(BUDGETS.search, 50, spread(5000, 900))).toBe('>= 500 req/s: met');
    expect(verdict(BUDGETS.applications, 4, spread(1000, 29))).toBe('p95 < 30 ms: met');
  });

  it("keeps any other scenario's own budget at every number of clients", () => {
    expect(verdict(BUDGETS.saturatedApi, 50, spread(1000, 900))).toBe('p99 < 1000 ms: met');
    expect(verdict(BUDGETS.search, 10, spread(1000, 52.5))).toBe('p95 < 50 ms: met');
  });
});
