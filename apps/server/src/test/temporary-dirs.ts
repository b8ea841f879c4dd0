import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A maker of new empty directories under the system's temporary one (`vivier-<prefix>-…`), each removed once the
 * test file's tests have run. Call it at a test file's top level.
 */
export function temporaryDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vivier-${prefix}-`));
    made.push(dir);
    return dir;
  };
}
