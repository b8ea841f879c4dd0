import { buildApp } from './app.ts';
import { bootstrapEmptyDatabase } from './bootstrap.ts';
import { newHandoffSecret, removeHandoff, writeHandoff } from './cli/handoff.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { publicOrigin } from './http/public-url.ts';

/**
 * One server process: open and migrate the database, first-start bootstrap, listen, and shut down cleanly.
 * `server.ts` runs it, alone or in each worker of a cluster (decision 205).
 */
export async function serve(config: Config) {
  const startedAt = performance.now();
  const database = await openDatabase(config);
  const embedded = database.kind === 'pglite';
  const cliSecret = embedded ? newHandoffSecret() : undefined;
  const app = await buildApp({ config, database, cliSecret });
  await bootstrapEmptyDatabase(database.db, config, {
    info: (m) => app.log.info(m),
    warn: (m) => app.log.warn(m),
  });

  let stopping = false;
  const stop = async (signal: string, drainSeconds: number) => {
    if (stopping) return;
    stopping = true;
    // Health answers 503 at once; requests are served as usual until the load balancer has seen it, then
    // the listener closes and the requests in flight finish (docs/deploy.md). Ctrl-C does not wait.
    app.startDraining();
    if (drainSeconds > 0) {
      app.log.info(`${signal} received: health answers 503, shutting down in ${drainSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    }
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      if (embedded) await removeHandoff(config.dataDir);
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM', config.shutdownDrainSeconds));
  process.on('SIGINT', () => void stop('SIGINT', 0));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (cliSecret) await writeHandoff(config.dataDir, `http://127.0.0.1:${port}`, cliSecret);
  // The durable queue's worker (jobs/, decision 131): sends mail, prunes the outbox; app.close() stops it.
  await app.jobs.start({ leaseMs: config.jobLeaseMs });
  // One address people can open: the listening one (a wildcard host is reached through loopback). The app
  // works under any name that reaches the server, its licence's api_url being relative (decision 140); mailed
  // links alone need one fixed origin, said only when it has to be set (below).
  const host =
    config.host === '0.0.0.0'
      ? '127.0.0.1'
      : config.host === '::'
        ? '[::1]'
        : config.host.includes(':')
          ? `[${config.host}]`
          : config.host;
  app.log.info(
    `Vivier ${database.kind === 'pglite' ? `(embedded database in ${config.dataDir})` : '(PostgreSQL)'} ready on http://${host}:${port} in ${Math.round(performance.now() - startedAt)} ms`,
  );
  if (!config.publicUrl && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    app.log.warn(
      `VIVIER_PUBLIC_URL is not set: password-reset links point at ${publicOrigin(config, address)}. Set it to the address people reach Vivier at.`,
    );
  }
}
