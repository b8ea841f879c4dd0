import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@vivier/contract';
import type { FastifyInstance } from 'fastify';
import { statusOf } from './error-status.ts';
import { pageNonces } from './security-headers.ts';

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Vivier</title>
<p>The web app is not built yet: run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p></html>`;

/**
 * Serves the built SPA: its files as they are, and index.html for every other GET outside /api so deep links
 * work. index.html is never served raw: each answer carries the request's CSP nonces on its tags and in a
 * `csp-nonce` meta that the web app hands to Mantine, TipTap and react-remove-scroll (DESIGN section 2).
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (template) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      maxAge: '1h',
      immutable: false,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !isServerPath(request.url);
    if (!isPage) {
      return reply.status(statusOf('not_found')).send({
        error: 'not_found',
        message: `Bad route: ${request.method} ${request.url.split('?')[0]}`,
      } satisfies ErrorBody);
    }
    if (!template) return reply.status(503).type('text/html').send(NOT_BUILT);
    const { script, style } = pageNonces(reply);
    const html = template
      .replace('<head>', `<head><meta name="csp-nonce" content="${style}">`)
      .replace(/<script(?=[\s>])/g, `<script nonce="${script}"`)
      .replace(/<link(?=[\s>])/g, `<link nonce="${style}"`)
      .replace(/<style(?=[\s>])/g, `<style nonce="${style}"`);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}

/**
 * Whether an unmatched URL names the API or an internal route, however it is spelled (`/API/x`, `/%61pi/x`,
 * `//api/x`): those answer the JSON 404 'Bad route', never the web app's page with a 200.
 */
export function isServerPath(url: string) {
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is left as it is; it cannot spell /api once decoded anyway.
  }
  const normal = path.replace(/\/{2,}/g, '/').toLowerCase();
  return /^\/(api|internal)(\/|$)/.test(normal);
}
