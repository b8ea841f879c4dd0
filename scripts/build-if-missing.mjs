// `npm start` builds the web app only when no build is there yet, so a restart is instant.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const index = path.join(import.meta.dirname, '../apps/web/dist/index.html');
if (!fs.existsSync(index)) {
  console.log('Building the web app (first start only)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
