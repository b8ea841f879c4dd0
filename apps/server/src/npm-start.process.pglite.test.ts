import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as an operator runs it (README's Quick start, issue 29 item 6): under npm, one process, the
// server itself, which a SIGTERM to npm (what a process manager sends) stops, leaving the data directory free.
const root = path.join(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-npm-start-'));
const env = {
  ...process.env,
  VIVIER_DATA_DIR: dataDir,
  VIVIER_DEMO: '0',
  VIVIER_ADMIN_EMAIL: 'first@vivier.test',
  VIVIER_ADMIN_PASSWORD: 'first admin password',
  PORT: '0',
  LOG_LEVEL: 'info',
  DATABASE_URL: '',
};
// npm leads a process group of its own: whatever it started, orphaned or not, goes with the group.
let group: number | undefined;
afterAll(() => {
  try {
    if (group !== undefined) process.kill(-group, 'SIGKILL');
  } catch {
    // already gone
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
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
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    if (npm.pid === undefined) throw new Error('npm did not start');
    group = npm.pid;
    let output = '';
    const exited = new Promise<number | null>((resolve) => npm.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (/ready on http/.test(output)) resolve();
      };
      npm.stdout.on('data', read);
      npm.stderr.on('data', read);
      npm.on('exit', (code) => reject(new Error(`npm start exited ${code}: ${output}`)));
    });

    // No shell waits between npm and the server: a signal npm forwards reaches the server itself.
    const children = childrenOf(npm.pid);
    expect(children).toHaveLength(1);
    const [server] = children;
    if (server === undefined) throw new Error('no server process');
    const commandLine = fs.readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain('apps/server/src/server.ts');
    expect(childrenOf(server)).toEqual([]);

    npm.kill('SIGTERM');
    await exited;
    await expect.poll(() => alive(server), { timeout: 30_000 }).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'vivier.lock'))).toBe(false);
  }, 180_000);
});
