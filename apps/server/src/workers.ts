import cluster, { type Worker } from 'node:cluster';

/**
 * The primary of a cluster of server processes (decision 205). Each worker is a whole server (`serve.ts`) on
 * the same PostgreSQL database, as several instances behind a load balancer already are (decision 121); the
 * primary hands the port's connections to them in turn.
 * - A worker that dies once it was listening is replaced; one that dies before it ever listened (the database
 *   unreachable, a migration failing) stops them all with its exit code, so the operator reads the error once
 *   instead of a restart loop.
 * - SIGTERM and SIGINT reach every worker, which drains and closes as a single server does; the primary exits
 *   once they all have. A primary killed hard leaves no worker behind: each exits when its channel closes.
 */
export function superviseWorkers(count: number) {
  let stopping = false;
  let exitCode = 0;
  const listened = new WeakSet<Worker>();

  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listened.add(worker));
    worker.once('exit', (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
        return;
      }
      if (!listened.has(worker)) {
        log(50, `a server process exited before it was ready (code ${code ?? signal}): stopping`);
        stop('startup failure', code ?? 1);
        return;
      }
      log(40, `server process ${worker.process.pid} exited (code ${code ?? signal}): starting another`);
      start();
    });
  };

  const stop = (why: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log(30, `${why}: stopping ${count} server processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill('SIGTERM');
  };

  process.on('SIGTERM', () => stop('SIGTERM received'));
  process.on('SIGINT', () => stop('SIGINT received'));
  for (let i = 0; i < count; i++) start();
  log(30, `started ${count} server processes (VIVIER_WORKERS)`);
}

/** A line in the servers' own log format (pino's JSON), so one reader follows the primary and its workers. */
function log(level: number, msg: string) {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg })}\n`);
}
