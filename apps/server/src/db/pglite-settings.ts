import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's shared buffers inside the embedded database, in MB, by the size of its data (decisions 204, 237).
 * They live in the WebAssembly memory, which never shrinks: the default 128 MB was the largest part of an idle
 * embedded server (issue 29), so a small database keeps 32 MB. Pages PGlite misses there are read from the data
 * directory's files, each read a seek and a read through Emscripten's file system on the engine's one thread
 * (13 % of its time during a 100,000-candidate search load): a large database gets up to 64 MB.
 */
export const SHARED_BUFFERS_MB = { least: 32, most: 64 };
/** Bytes of the database's files per byte of shared buffers, between the two bounds above. */
const DATA_PER_BUFFER = 8;

/** The shared buffers, in MB, for a database whose files hold `dataBytes`. */
export function sharedBuffersMb(dataBytes: number): number {
  const wanted = Math.ceil(dataBytes / DATA_PER_BUFFER / 2 ** 20);
  return Math.min(SHARED_BUFFERS_MB.most, Math.max(SHARED_BUFFERS_MB.least, wanted));
}

/** The size of a cluster's databases: the files under `base` (tables and indexes), 0 for a new directory. */
export function databaseBytes(pgdata: string): number {
  const base = path.join(pgdata, 'base');
  if (!fs.existsSync(base)) return 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/**
 * How many candidates a text search may expect to walk before the trigram index is the cheaper plan, set as
 * `vivier.text_walk_budget_rows` and read by the search's probe (candidate-search-probe.ts, decision 229).
 * WebAssembly pays more for each row walked than for gathering matches through the index, so the embedded engine
 * switches to the index at about 1 in 16 where PostgreSQL, without the setting, does at about 1 in 33 (30,000
 * rows).
 */
const TEXT_WALK_BUDGET_ROWS = 16_000;

/**
 * How every embedded PostgreSQL starts: the server's (pglite-worker.ts), with buffers for its data, and the one
 * creating a cluster (the least).
 */
export const pgliteStartParams = (sharedBuffers = SHARED_BUFFERS_MB.least) => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${sharedBuffers}MB`,
  '-c',
  `vivier.text_walk_budget_rows=${TEXT_WALK_BUDGET_ROWS}`,
];

/** Where PostgreSQL's files are inside `VIVIER_DATA_DIR` (beside the lock, the CLI hand-off and the files). */
export const pgdataDir = (dataDir: string) => path.join(dataDir, 'pgdata');
