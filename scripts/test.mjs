// `npm test`: every check, in order, stopping at the first that fails, and the time each took (issue 19 item 11).
// Each step is the npm script of the same name, so any step can be run alone (`npm run typecheck`, ...).
import { spawn } from 'node:child_process';

const STEPS = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit'],
  ['build', 'npm run build -w apps/web'],
  ['e2e', 'npm run test:e2e:only'],
];

const run = (command) =>
  new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const times = [];
const started = Date.now();
let failed;
for (const [name, command] of STEPS) {
  console.log(`\n▶ ${name}: ${command}`);
  const stepStarted = Date.now();
  const code = await run(command);
  times.push([name, Date.now() - stepStarted, code]);
  if (code !== 0) {
    failed = name;
    break;
  }
}

console.log('\nnpm test: time per step');
for (const [name, ms, code] of times)
  console.log(`  ${name.padEnd(10)} ${seconds(ms).padStart(9)}  ${code === 0 ? 'ok' : 'FAILED'}`);
for (const [name] of STEPS.slice(times.length))
  console.log(`  ${name.padEnd(10)} ${'-'.padStart(9)}  not run`);
console.log(`  ${'total'.padEnd(10)} ${seconds(Date.now() - started).padStart(9)}`);
if (failed) {
  console.error(`\nnpm test stopped: ${failed} failed.`);
  process.exit(1);
}
