import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: port 3000 on loopback, embedded database in ./data with demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demo: true,
      accessTokenTtlSeconds: 900,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('turns demo data off by default on PostgreSQL, and VIVIER_DEMO=0 turns it off anywhere', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ VIVIER_DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', VIVIER_DEMO: '1' }).demo).toBe(true);
  });

  it('fails naming every bad variable and what is wrong with it', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        VIVIER_JWT_SECRET: 'short',
        VIVIER_DEMO: 'maybe',
        SMTP_URL: 'http://x',
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'DATABASE_URL', 'VIVIER_JWT_SECRET', 'VIVIER_DEMO', 'SMTP_URL'])
      expect(message).toContain(`  ${name}: `);
    expect(message).toContain('VIVIER_JWT_SECRET: must be at least 32 characters');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });
});
