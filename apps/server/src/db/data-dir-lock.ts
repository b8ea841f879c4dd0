import fs from 'node:fs/promises';
import path from 'node:path';

export type DataDirLock = { path: string; release(): Promise<void> };

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another Vivier process (pid ${pid}). ` +
        'PGlite admits one process at a time: stop that process first, or use its CLI hand-off ' +
        '(`npm run cli` talks to a running server by itself).',
    );
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid written in the data directory's lock file, if a live process holds it. */
export async function lockHolder(dataDir: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(dataDir, 'vivier.lock'), 'utf8').catch(() => undefined);
  const pid = Number(text?.trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/**
 * PGlite does not lock its data directory and two processes opening it corrupt it (DESIGN section 2), so
 * the server holds `vivier.lock` (with its pid) while it runs. A lock left by a dead process is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'vivier.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return {
        path: file,
        release: async () => {
          const holder = await fs.readFile(file, 'utf8').catch(() => '');
          if (holder.trim() === String(process.pid)) await fs.rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = await lockHolder(dataDir);
      if (pid !== undefined && pid !== process.pid) throw new DataDirLockedError(dataDir, pid);
      await fs.rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
