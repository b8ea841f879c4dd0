import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Real processes on an embedded database: the server holds the data directory, the CLI hands commands to
// it, a second server is refused, and SIGTERM leaves the directory clean for the next opener.
const serverEntry = path.join(import.meta.dirname, '../server.ts');
const cliEntry = path.join(import.meta.dirname, 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-cli-'));
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
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer() {
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/ready on (http:\/\/[\d.]+:\d+)/)?.[1];
      if (url) resolve(url);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return { child, ready, output: () => output };
}

const cli = (...argv: string[]) =>
  spawnSync(process.execPath, [cliEntry, ...argv], { env, encoding: 'utf8', timeout: 60_000 });

describe('operator CLI and the embedded database', () => {
  it('hands commands to the running server, refuses a second server, and shuts down cleanly', async () => {
    const server = startServer();
    const url = await server.ready;
    expect(fs.statSync(path.join(dataDir, 'cli-handoff.json')).mode & 0o777).toBe(0o600);

    const created = cli(
      'user:create',
      '--licence',
      '1',
      '--email',
      'handed@vivier.test',
      '--password',
      'handed password',
    );
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/^Created user handed@vivier\.test \(user \d+\) in licence 1\n$/);
    const login = await fetch(`${url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'handed@vivier.test', password: 'handed password' }),
    });
    expect(login.status).toBe(200);

    const bad = cli('user:create', '--licence', '1');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage:');

    const forged = await fetch(`${url}/internal/cli`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
      body: JSON.stringify({ argv: ['maintenance:clear'] }),
    });
    expect(forged.status).toBe(403);

    const second = spawnSync(process.execPath, [serverEntry], { env, encoding: 'utf8', timeout: 60_000 });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `The data directory ${dataDir} is in use by another Vivier process (pid ${server.child.pid})`,
    );

    const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'vivier.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'cli-handoff.json'))).toBe(false);

    // With no server, the CLI opens the database itself and sees what the server wrote.
    const direct = cli(
      'user:create',
      '--licence',
      '1',
      '--email',
      'direct@vivier.test',
      '--password',
      'direct password',
    );
    expect(direct.status).toBe(0);
    const again = cli(
      'user:create',
      '--licence',
      '1',
      '--email',
      'HANDED@vivier.test',
      '--password',
      'handed password',
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
  }, 120_000);
});
