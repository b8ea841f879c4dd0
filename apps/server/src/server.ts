import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/**
 * Vivier's entry (`npm start`): the configuration checked once, then one server process, or, with
 * `VIVIER_WORKERS` above one (the default on a PostgreSQL server with several cores), a small primary that
 * starts that many and shares the port among them (decision 205). The primary loads none of the server's
 * modules: it only starts, replaces and stops its workers.
 */
async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) {
    const { superviseWorkers } = await import('./workers.ts');
    superviseWorkers(config.workers);
    return;
  }
  if (!config.databaseUrl) {
    // A new embedded database's cluster, created while this process holds none of the server's modules:
    // initdb's transient memory is then a short-lived process's, not the server's (decision 226).
    const { createEmbeddedCluster } = await import('./db/pglite-cluster.ts');
    await createEmbeddedCluster(config.dataDir);
  }
  const { serve } = await import('./serve.ts');
  await serve(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    // A database error wraps the driver's (Drizzle's "Failed query" has it as its cause): print the chain.
    let cause = (error as Error).cause;
    let text = `Vivier could not start: ${(error as Error).stack ?? String(error)}\n`;
    for (let depth = 0; cause !== undefined && depth < 5; depth++, cause = (cause as Error).cause)
      text += `Caused by: ${(cause as Error).stack ?? String(cause)}\n`;
    process.stderr.write(text);
  }
  process.exit(1);
});
