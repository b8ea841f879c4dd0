import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const serverEntry = path.join(import.meta.dirname, '../server.ts');

/**
 * A real `node apps/server/src/server.ts`, listening on a port the system chose, for the tests of several
 * instances (two-instances.postgres.test.ts): it owns its data directory and stops with a signal. The crash,
 * stop and load tests use server-process.ts, which also parses the request log and kills hard.
 */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** What it printed so far (JSON log lines and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends the signal and waits for the exit; SIGKILL after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
};

/**
 * Starts the server as an operator would (`npm start` runs the same file) with `env` on top of a quiet
 * default: port 0 on loopback, its own data directory (mail outbox), no demo data, log level info (the
 * "ready on" line is how the port is learned). Rejects if it exits before it is ready.
 */
export function startServerProcess(
  env: Record<string, string>,
  readyTimeoutMs = 90_000,
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-process-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      VIVIER_DATA_DIR: dataDir,
      VIVIER_WEB_DIST: path.join(dataDir, 'no-web-build'),
      VIVIER_DEMO: '0',
      // One process per server unless a test asks for a cluster (workers.postgres.test.ts).
      VIVIER_WORKERS: '1',
      LOG_LEVEL: 'info',
      // A loaded test machine must not turn answers into 503s (load shedding has its own test).
      VIVIER_MAX_EVENT_LOOP_DELAY: '0',
      VIVIER_MAX_REQUEST_WAIT_MS: '30000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server was not ready within ${readyTimeoutMs} ms:\n${output}`));
    }, readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/ready on (http:\/\/[\d.]+:\d+)/)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, output: () => output, exited, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code} before it was ready:\n${output}`));
    });
  });
}
