/**
 * `npm run bench`: runs every benchmark script of this folder in turn, each in its own process on the
 * pinned Node, and fails when any of them fails or misses its budget.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const failed: string[] = [];
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  const result = spawnSync(process.execPath, [path.join(dir, script)], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(script);
}
if (failed.length > 0) {
  console.error(`\nFailed or over budget: ${failed.join(', ')}`);
  process.exitCode = 1;
}
