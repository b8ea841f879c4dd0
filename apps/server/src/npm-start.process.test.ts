import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ProcessDatabase,
  processDatabase,
  type ServerProcess,
  startServerProcess,
} from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

// `npm start` as an operator runs it (README's Quick start, issue 29 item 6): under npm, one process, the
// server itself, which a SIGTERM to npm (what a process manager sends) stops, leaving the embedded database's
// directory free. Its young generation follows the engine (decision 256): small beside the embedded database,
// whose memory at rest it is part of (decision 224); larger on a PostgreSQL server, where it is CPU.
const kind = testDatabaseKind();
let database: ProcessDatabase | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  try {
    // npm's process group: whatever it started goes with it, orphaned or not.
    if (server?.child.pid !== undefined) process.kill(-server.child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await database?.remove();
});

/** The processes a process started, from the kernel's list. */
const childrenOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

/** The young generation's semi-space Node was started with: the last `--max-semi-space-size` wins. */
const semiSpaceMb = (commandLine: string[]) =>
  Number(
    commandLine
      .filter((word) => word.startsWith('--max-semi-space-size='))
      .at(-1)
      ?.split('=')[1],
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it(`runs the server as npm’s one child, which stops when npm is sent SIGTERM (${kind})`, async () => {
    database = await processDatabase(kind, 'npm-start');
    server = await startServerProcess(database, { launcher: 'npm start' });
    const npm = server.child.pid;
    if (npm === undefined) throw new Error('npm did not start');

    // No shell waits between npm and the server: a signal npm forwards reaches the server itself.
    const children = childrenOf(npm);
    expect(children).toHaveLength(1);
    const [child] = children;
    if (child === undefined) throw new Error('no server process');
    const commandLine = fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain('apps/server/src/server.ts');
    expect(semiSpaceMb(commandLine)).toBe(kind === 'pglite' ? 2 : 16);
    expect(childrenOf(child)).toEqual([]);

    server.child.kill('SIGTERM');
    await server.exited;
    await expect.poll(() => alive(child), { timeout: 30_000 }).toBe(false);
    // The embedded database's lock is given back (a PostgreSQL server's directory holds none).
    expect(fs.existsSync(path.join(database.env.VIVIER_DATA_DIR ?? '', 'vivier.lock'))).toBe(false);
  }, 180_000);
});
