import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';

// Sentry is a service outside our control: a loopback HTTP server stands in for its ingestion endpoint.
const envelopes: string[] = [];
const ingest = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    envelopes.push(
      (request.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body).toString(),
    );
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let database: Database;
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const address = ingest.address();
  port = typeof address === 'object' && address ? address.port : 0;
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await new Promise<void>((resolve) => ingest.close(() => resolve()));
});

describe('server error reporting', () => {
  it('reports a 5xx to the configured DSN and keeps its details from the caller; client errors are not reported', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      VIVIER_DATA_DIR: path.join(os.tmpdir(), 'vivier-sentry-test'),
      VIVIER_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      SENTRY_DSN: `http://publickey@127.0.0.1:${port}/1`,
      // Load shedding has its own test: on a loaded machine it would answer 503 before the 400 looked at here.
      VIVIER_MAX_EVENT_LOOP_DELAY: '0',
    });
    const app = await buildApp({ config, database, logger: false });
    app.get('/api/explode', { config: { public: true } }, async () => {
      throw new Error('the disk caught fire');
    });
    await app.ready();

    const bad = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 1 } });
    expect(bad.statusCode).toBe(400);
    const res = await app.inject({ url: '/api/explode?secret=1' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal_error', message: 'An internal error occurred' });
    await app.close();

    const events = envelopes.filter((e) => e.includes('"type":"event"'));
    expect(events).toHaveLength(1);
    expect(events[0]).toContain('the disk caught fire');
    expect(events[0]).toContain('/api/explode');
    expect(events[0]).not.toContain('secret=1');
  });
});
