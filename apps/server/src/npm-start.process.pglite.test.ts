import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ProcessDatabase,
  processDatabase,
  type ServerProcess,
  startServerProcess,
} from './test/server-process.ts';

// `npm start` as an operator runs it (README's Quick start, issue 29 item 6): under npm, one process, the
// server itself, which a SIGTERM to npm (what a process manager sends) stops, leaving the data directory free.
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

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it('runs the server as npm’s one child, which stops when npm is sent SIGTERM', async () => {
    database = await processDatabase('pglite', 'npm-start');
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
    expect(childrenOf(child)).toEqual([]);

    server.child.kill('SIGTERM');
    await server.exited;
    await expect.poll(() => alive(child), { timeout: 30_000 }).toBe(false);
    expect(fs.existsSync(path.join(database.env.VIVIER_DATA_DIR ?? '', 'vivier.lock'))).toBe(false);
  }, 180_000);
});
