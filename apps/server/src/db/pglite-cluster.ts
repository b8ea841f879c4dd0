import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { pgdataDir } from './pglite-settings.ts';

const hasCluster = (pgdata: string) =>
  fs.access(path.join(pgdata, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/**
 * A new embedded database's cluster, created by a short-lived process before the server loads its modules
 * (decision 226). PGlite creates a cluster by running a second PostgreSQL and initdb beside the first: ~450 MB
 * for two or three seconds (decision 241), which in the server's own process was its peak for life and left its
 * garbage in the allocator's arenas. A process that ends gives all of it back, and runs while the server holds
 * ~50 MB. Later starts find the cluster and skip this.
 *
 * The data directory's lock is held meanwhile, so two servers started at once never both run initdb; it is
 * released after, and the server takes it again when it opens the database (`openPglite`).
 */
export async function createEmbeddedCluster(dataDir: string): Promise<'created' | 'existing'> {
  const pgdata = pgdataDir(dataDir);
  if (await hasCluster(pgdata)) return 'existing';
  const lock = await acquireDataDirLock(dataDir);
  try {
    if (await hasCluster(pgdata)) return 'existing';
    await runInitdb(pgdata);
    return 'created';
  } finally {
    await lock.release();
  }
}

/**
 * V8's options for the process that runs initdb (decision 241). It runs PostgreSQL's bootstrap once for about
 * three seconds: the baseline compiler's code serves it as fast as optimised code would, without the optimising
 * compiler's memory (~50 MB of its peak), and a 1 MB young generation collects the JavaScript side's garbage sooner
 * (~15 MB). The server's own PostgreSQL keeps both compilers.
 */
const INITDB_NODE_OPTIONS = ['--liftoff-only', '--max-semi-space-size=1'];

/** `pglite-initdb.ts` in a child process: its own Node, none of the server's options, the same environment. */
function runInitdb(pgdata: string) {
  return new Promise<void>((resolve, reject) => {
    const script = path.join(import.meta.dirname, 'pglite-initdb.ts');
    const child = spawn(process.execPath, [...INITDB_NODE_OPTIONS, script, pgdata], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // The tail is what says why; a runaway child must not grow the server's memory.
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `The embedded database could not be created in ${pgdata} (initdb ${signal ?? `exit ${code}`}):\n${stderr.trim()}`,
          ),
        );
    });
  });
}
