import { afterAll, beforeAll } from 'vitest';
import {
  killHard,
  type ProcessDatabase,
  processDatabase,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';
import { testDatabaseKind } from './test-database.ts';

export { killHard, type ServerProcess, signIn } from './server-process.ts';

/**
 * The set-up of a test file that runs the real server as a child process (server-process.ts): a database of its
 * own, on this run's engine unless `kind` names one, made before the file's own `beforeAll` and removed after its
 * `afterAll`; `start` runs a server on it, and the last one started is killed at the end if it still runs. Kept
 * apart from server-process.ts, which `bench/` runs outside vitest.
 */
export function withServerProcess(prefix: string, kind: 'pglite' | 'postgres' = testDatabaseKind()) {
  const suite = {
    database: undefined as unknown as ProcessDatabase,
    server: undefined as ServerProcess | undefined,
    start: async (options?: Parameters<typeof startServerProcess>[1]) => {
      suite.server = await startServerProcess(suite.database, options);
      return suite.server;
    },
  };
  beforeAll(async () => {
    suite.database = await processDatabase(kind, prefix);
  });
  afterAll(async () => {
    const server = suite.server;
    if (server && server.child.exitCode === null && server.child.signalCode === null) await killHard(server);
    await suite.database?.remove();
  });
  return suite;
}
