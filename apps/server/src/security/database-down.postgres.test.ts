import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * The database goes away and comes back (issue 14 §7): health answers 503, requests fail with the contract's
 * 503 (never a 500), and the server recovers by itself. A TCP proxy between the app and PostgreSQL plays the
 * network: closing it cuts every connection, reopening it on the same port brings the database back.
 */
class CuttableProxy {
  server: net.Server | undefined;
  sockets = new Set<net.Socket>();
  port = 0;
  readonly targetHost: string;
  readonly targetPort: number;
  constructor(targetHost: string, targetPort: number) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
  }
  async open() {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (typeof address === 'object' && address) this.port = address.port;
  }
  async cut() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let t: TestApp;
let proxy: CuttableProxy;
let jwt: string;
beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? '');
  proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
  await proxy.open();
  t = await createTestApp(
    {},
    {
      via: (url) => {
        const u = new URL(url);
        u.hostname = '127.0.0.1';
        u.port = String(proxy.port);
        return u.toString();
      },
    },
  );
  await t.licence();
  jwt = (await t.login('admin@org1.test')).jwt;
});
afterAll(async () => {
  await t.close();
  await proxy.cut();
});

describe('when the database goes away', () => {
  it('answers 503 on health and on requests, then recovers by itself when it is back', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/job_offers', headers: t.auth(jwt) })).statusCode).toBe(200);

    await proxy.cut();
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ error: 'database_unavailable' });
    for (const url of ['/api/job_offers', '/api/tags', '/api/users/me']) {
      const res = await t.app.inject({ url, headers: t.auth(jwt) });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toMatchObject({ error: 'database_unavailable' });
      expect(res.headers['retry-after']).toBeDefined();
    }

    await proxy.open();
    const back = await t.app.inject({ url: '/api/job_offers', headers: t.auth(jwt) });
    expect(back.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
