import os from 'node:os';
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

  it('runs as many server processes as cores on PostgreSQL, one on the embedded database (decision 205)', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).workers).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', VIVIER_WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ VIVIER_WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ VIVIER_WORKERS: '2' })).toThrow(
      /VIVIER_WORKERS: the embedded database admits one process; set DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', VIVIER_WORKERS: '0' })).toThrow(
      /VIVIER_WORKERS/,
    );
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

  it('prefixes Redis keys with vivier: unless VIVIER_REDIS_PREFIX names another prefix', () => {
    expect(loadConfig({}).redisPrefix).toBe('vivier:');
    expect(loadConfig({ VIVIER_REDIS_PREFIX: 'acme-vivier:' }).redisPrefix).toBe('acme-vivier:');
    expect(() => loadConfig({ VIVIER_REDIS_PREFIX: 'has space' })).toThrow('VIVIER_REDIS_PREFIX: must be');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('accepts an OpenID issuer override over https, or http on loopback only (a local test provider)', () => {
    const c = loadConfig({
      OAUTH_GOOGLE_ISSUER: 'http://127.0.0.1:9000',
      OAUTH_MICROSOFT_ISSUER: 'https://login.example/common/v2.0',
    });
    expect(c.oauth.google.issuer).toBe('http://127.0.0.1:9000');
    expect(c.oauth.microsoft).toMatchObject({
      issuer: 'https://login.example/common/v2.0',
      tenant: 'common',
    });
    expect(loadConfig({ MICROSOFT_TENANT: 'contoso.onmicrosoft.com' }).oauth.microsoft.issuer).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
    );
    expect(() => loadConfig({ OAUTH_GOOGLE_ISSUER: 'http://idp.example' })).toThrow(
      'OAUTH_GOOGLE_ISSUER: must use https (http only on a loopback address, for a local test provider)',
    );
    expect(() => loadConfig({ MICROSOFT_TENANT: 'common/../x' })).toThrow('MICROSOFT_TENANT');
  });

  it('trusts no proxy by default, one proxy with on, or the given number or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ VIVIER_TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ VIVIER_TRUST_PROXY: 'on' }).trustProxy).toBe(1);
    expect(loadConfig({ VIVIER_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ VIVIER_TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
    ]);
    expect(() => loadConfig({ VIVIER_TRUST_PROXY: 'everyone' })).toThrow(/VIVIER_TRUST_PROXY/);
  });

  it('keeps files on disk unless a bucket is named, and validates the S3 variables (decision 187)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const c = loadConfig({
      VIVIER_S3_BUCKET: 'acme-cvs',
      VIVIER_S3_ENDPOINT: 'https://s3.example/',
      VIVIER_S3_FORCE_PATH_STYLE: 'on',
      VIVIER_S3_PREFIX: 'vivier/files/',
    });
    expect(c.s3).toEqual({
      bucket: 'acme-cvs',
      endpoint: 'https://s3.example',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'vivier/files/',
      credentials: undefined,
    });
    expect(loadConfig({ VIVIER_S3_BUCKET: 'acme-cvs', VIVIER_S3_REGION: 'eu-west-3' }).s3).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: false,
      prefix: '',
    });
    expect(() => loadConfig({ VIVIER_S3_BUCKET: 'Bad_Bucket' })).toThrow(
      'VIVIER_S3_BUCKET: must be a bucket name',
    );
    expect(() => loadConfig({ VIVIER_S3_BUCKET: 'b12', VIVIER_S3_PREFIX: '../x/' })).toThrow(
      'VIVIER_S3_PREFIX',
    );
    expect(() => loadConfig({ VIVIER_S3_ENDPOINT: 'https://s3.example' })).toThrow(
      'VIVIER_S3_ENDPOINT: is set without VIVIER_S3_BUCKET',
    );
    expect(() => loadConfig({ VIVIER_S3_BUCKET: 'b12', VIVIER_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'VIVIER_S3_ACCESS_KEY_ID: must be set with VIVIER_S3_SECRET_ACCESS_KEY, or neither',
    );
  });

  it('never shows the S3 secret key when the configuration is logged or printed', async () => {
    const { inspect } = await import('node:util');
    const c = loadConfig({
      VIVIER_S3_BUCKET: 'acme-cvs',
      VIVIER_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      VIVIER_S3_SECRET_ACCESS_KEY: 'very-secret-key-value',
    });
    expect(c.s3?.credentials?.secretAccessKey).toBe('very-secret-key-value');
    for (const shown of [JSON.stringify(c), inspect(c, { depth: 10 }), String(c.s3?.credentials)]) {
      expect(shown).not.toContain('very-secret-key-value');
    }
    expect(JSON.stringify(c)).toContain('AKIAEXAMPLE');
  });
});
