import { describe, expect, it } from 'vitest';
import { startCommand } from './server.ts';

// The bench measures the server as `npm start` runs it (decision 224), young generation included (decision 256).
describe('startCommand', () => {
  const semiSpaces = (env: Record<string, string>) =>
    startCommand(env).execArgv.filter((option) => option.startsWith('--max-semi-space-size='));

  it('gives a PostgreSQL server the larger young generation, last so that it wins', () => {
    expect(semiSpaces({ DATABASE_URL: 'postgres://127.0.0.1/x' })).toEqual([
      '--max-semi-space-size=2',
      '--max-semi-space-size=16',
    ]);
  });

  it('keeps the embedded database’s small one, an empty DATABASE_URL being none', () => {
    expect(semiSpaces({})).toEqual(['--max-semi-space-size=2']);
    expect(semiSpaces({ DATABASE_URL: '' })).toEqual(['--max-semi-space-size=2']);
  });

  it('reads the environment npm start sets', () => {
    expect(startCommand({}).env).toMatchObject({ NODE_COMPILE_CACHE: 'node_modules/.cache/vivier-node' });
  });
});
