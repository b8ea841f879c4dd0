/**
 * The measured server: the real `apps/server/src/server.ts` in a child process, as `npm start` runs it, with
 * bench/lib/loop-monitor.ts loaded to report its event loop delay. Its peak memory is the kernel's VmHWM of
 * that process (PGlite's thread included), or the sum over a cluster's processes, reset before each scenario
 * through /proc/<pid>/clear_refs.
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.join(import.meta.dirname, '../..');

/** A free loopback port, chosen by the OS. */
async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * How `npm start` runs the server, read from package.json's script so that the bench measures the same: the
 * environment its command sets (the allocator's tunables, decision 224) and Node's options (decision 204). A
 * word `${NAME:+--option}` is the shell's: the option when the server's environment sets NAME (a PostgreSQL
 * server's larger young generation, decision 256); any other expansion is refused rather than measured wrong.
 */
export function startCommand(serverEnv: Record<string, string>): {
  env: Record<string, string>;
  execArgv: string[];
} {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = (scripts.start.split('&&').at(-1) ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  const execArgv: string[] = [];
  for (const word of words) {
    const [, name, value] = /^([A-Z_]+)=(.*)$/.exec(word) ?? [];
    const [, setName, option] = /^\$\{([A-Z_]+):\+(--[^}]+)\}$/.exec(word) ?? [];
    if (name !== undefined && value !== undefined) env[name] = value;
    else if (setName !== undefined && option !== undefined) {
      if (serverEnv[setName]) execArgv.push(option);
    } else if (word.includes('$')) throw new Error(`npm start's word ${word} is not one the bench can read`);
    else if (word.startsWith('--')) execArgv.push(word);
  }
  return { env, execArgv };
}

/** A memory figure of /proc/<pid>/status, in MB. */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS') {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The process and its children (a cluster's primary and its workers, decision 205; a first start's initdb). */
function processTree(pid: number): number[] {
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number);
  return [pid, ...children];
}

/**
 * A child may end between the listing and the reading, or be read as a zombie, whose status has no memory
 * lines (a first start's initdb process that has exited and is not yet reaped): it then holds nothing.
 */
const statusMbIfAlive = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  try {
    const mb = statusMb(pid, field);
    return Number.isNaN(mb) ? 0 : mb;
  } catch {
    return 0;
  }
};

const sumMb = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  processTree(pid).reduce((total, p) => total + statusMbIfAlive(p, field), 0);

/**
 * The most the server and its children held at once while it started, sampled every 20 ms: a child that has
 * ended (a first start's initdb process, decision 226) is in no VmHWM the server's tree still shows.
 */
function sampleTreePeak(pid: number) {
  let peakMb = 0;
  const sample = () => {
    try {
      peakMb = Math.max(peakMb, sumMb(pid, 'VmRSS'));
    } catch {
      // The server has exited: the start fails below.
    }
  };
  sample();
  const timer = setInterval(sample, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return peakMb;
    },
  };
}

export type Server = {
  url: string;
  pid: number;
  /** Forgets the peak memory so far (the next `peakRssMb` covers what follows). */
  resetPeak(): void;
  peakRssMb(): number;
  /** The memory the process holds now (VmRSS). */
  rssMb(): number;
  /** The most the process and its children held at once while it started (sampled, a lower bound). */
  startTreePeakMb: number;
  /** The event loop's worst and 99th percentile delay since the last call. */
  loopDelay(): Promise<{ maxMs: number; p99Ms: number }>;
  stop(): Promise<void>;
};

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const asStarted = startCommand(env);
  const child: ChildProcess = fork(path.join(root, 'apps/server/src/server.ts'), [], {
    cwd: root,
    execArgv: [...asStarted.execArgv, '--import', path.join(import.meta.dirname, 'loop-monitor.ts')],
    env: {
      ...asStarted.env,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      VIVIER_DEMO: '0',
      // One process, whose memory and event loop the rows report, unless the bench asks for a cluster
      // (`--workers`, decision 205).
      VIVIER_WORKERS: '1',
      VIVIER_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
      // A loaded machine can take longer than a default token's 15 minutes.
      VIVIER_ACCESS_TOKEN_TTL: '86400',
      // Load shedding (503 when the event loop lags over a second) is off: on a shared 2-core machine the
      // lag comes from other processes taking the CPU, and it would turn measured answers into 503s. The
      // loop delay is reported beside each figure instead.
      VIVIER_MAX_EVENT_LOOP_DELAY: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');
  const clustered = Number(env.VIVIER_WORKERS ?? 1) > 1;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  const treePeak = sampleTreePeak(pid);
  let startTreePeakMb = 0;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 2 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    startTreePeakMb = treePeak.stop();
  }
  return {
    startTreePeakMb,
    url,
    pid,
    resetPeak: () => {
      for (const p of processTree(pid)) fs.writeFileSync(`/proc/${p}/clear_refs`, '5');
    },
    peakRssMb: () => sumMb(pid, 'VmHWM'),
    rssMb: () => sumMb(pid, 'VmRSS'),
    loopDelay: () =>
      new Promise((resolve) => {
        // A cluster's primary serves no request: its loop says nothing of the workers'.
        if (clustered) return resolve({ maxMs: Number.NaN, p99Ms: Number.NaN });
        const onMessage = (message: { type?: string; maxMs: number; p99Ms: number }) => {
          if (message?.type !== 'loop-delay') return;
          child.off('message', onMessage);
          resolve({ maxMs: message.maxMs, p99Ms: message.p99Ms });
        };
        child.on('message', onMessage);
        child.send('loop-delay');
      }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
