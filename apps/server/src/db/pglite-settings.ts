import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's shared buffers inside the embedded database (decision 204). They live in the WebAssembly memory,
 * which never shrinks: the default 128 MB was the largest part of an idle embedded server (issue 29). Pages
 * PGlite misses there are read from the data directory's files, which the operating system caches outside
 * the process.
 */
const SHARED_BUFFERS = '32MB';

/**
 * How many candidates a text search may expect to walk before the trigram index is the cheaper plan, set as
 * `vivier.text_walk_budget_rows` and read by the search's probe (candidate-search-walk.ts, decision 229).
 * WebAssembly pays more for each row walked than for gathering matches through the index, so the embedded engine
 * switches to the index at about 1 in 16 where PostgreSQL, without the setting, does at about 1 in 33 (30,000
 * rows).
 */
const TEXT_WALK_BUDGET_ROWS = 16_000;

/** How every embedded PostgreSQL starts: the server's (pglite-worker.ts) and the one creating a cluster. */
export const pgliteStartParams = () => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${SHARED_BUFFERS}`,
  '-c',
  `vivier.text_walk_budget_rows=${TEXT_WALK_BUDGET_ROWS}`,
];

/** Where PostgreSQL's files are inside `VIVIER_DATA_DIR` (beside the lock, the CLI hand-off and the files). */
export const pgdataDir = (dataDir: string) => path.join(dataDir, 'pgdata');
