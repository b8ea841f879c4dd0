import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  // A minimal build of the web app, as Vite writes it.
  const dist = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'vivier-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log("vivier")');
  t = await createTestApp({ VIVIER_WEB_DIST: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('answers deep links with index.html carrying fresh CSP nonces on its tags and in a meta', async () => {
    const a = await t.app.inject({ url: '/jobs/42/export?x=1' });
    const b = await t.app.inject({ url: '/jobs/42/export?x=1' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toContain('text/html');
    const csp = String(a.headers['content-security-policy']);
    const scriptNonce = csp.match(/script-src[^;]*'nonce-([^']+)'/)?.[1];
    const styleNonce = csp.match(/style-src[^;]*'nonce-([^']+)'/)?.[1];
    expect(scriptNonce).toBeTruthy();
    expect(a.body).toContain(`<script nonce="${scriptNonce}" type="module"`);
    expect(a.body).toContain(`<link nonce="${styleNonce}" rel="stylesheet"`);
    expect(a.body).toContain(`<meta name="csp-nonce" content="${styleNonce}">`);
    expect(csp).not.toContain('unsafe-inline');
    expect(b.body).not.toContain(String(scriptNonce));
  });

  it('serves built files as they are, and answers unknown API paths with JSON, not the page', async () => {
    const js = await t.app.inject({ url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log("vivier")');
    const api = await t.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('Bad route: GET /api/unknown');
  });
});
