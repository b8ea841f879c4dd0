/**
 * Issue 29 item 6: the embedded server's resident memory, as `npm start` runs it (decisions 204 and 224). An
 * empty instance's first start (initdb, the migrations, the demo organisation), its peak (VmHWM), the peak of
 * the server and its initdb process together (decision 226), and its RSS once it has rested; and the dataset's
 * server at rest after the HTTP scenarios. "At rest" is 75 s without a request: long enough for V8's memory
 * reducer and the allocator's trims to have run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Report } from './report.ts';
import { BUDGETS } from './scenarios.ts';
import { type Server, startServer } from './server.ts';

const REST_SECONDS = 75;

/** The rows' names, which `--only` matches (bench/run.ts). */
export const MEMORY_ROWS = {
  emptyPeak: 'memory: an empty instance, first start, peak',
  emptyTreePeak: 'memory: an empty instance, first start, peak of all its processes',
  emptyRest: 'memory: an empty instance, first start, at rest',
  datasetRest: 'memory: the server at rest after the scenarios',
} as const;

const rest = () => new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));

/** A new embedded server on an empty data directory, with the demo organisation `npm start` makes. */
export async function emptyInstanceMemory(report: Report) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-empty-'));
  let server: Server | undefined;
  try {
    server = await startServer({
      VIVIER_DATA_DIR: dataDir,
      VIVIER_DEMO: '1',
      VIVIER_ADMIN_PASSWORD: 'bench-empty-instance-password',
    });
    await rest();
    const memory = { peakMb: server.peakRssMb(), restMb: server.rssMb() };
    report.recordMemory(MEMORY_ROWS.emptyPeak, memory, BUDGETS.emptyPeak);
    // What the machine needs: the initdb process (decision 226) and the server at the same moment.
    report.recordMemory(
      MEMORY_ROWS.emptyTreePeak,
      { peakMb: Math.max(server.startTreePeakMb, memory.peakMb), restMb: memory.restMb },
      BUDGETS.emptyPeak,
    );
    report.recordMemory(MEMORY_ROWS.emptyRest, memory, BUDGETS.emptyRest);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The server that served the scenarios, once it has rested (its peak covers the scenarios since the last reset). */
export async function datasetAtRestMemory(server: Server, report: Report) {
  await rest();
  report.recordMemory(
    MEMORY_ROWS.datasetRest,
    { peakMb: server.peakRssMb(), restMb: server.rssMb() },
    BUDGETS.datasetRest,
  );
}
