import type { FastifyReply } from 'fastify';
import { PROOF_SCRIPT_HASH } from './apply-page.ts';
import type { Page } from './careers-layout.ts';

/**
 * The careers pages' own Content-Security-Policy (decision 190), in place of the app's: nothing runs (no
 * script source at all, but on an apply form that asks a proof of work: its one solver, by hash), the one
 * stylesheet is allowed by its hash, images from here only, forms post here, and only the embed may be framed,
 * by any site.
 */
export function careersCsp(styleHash: string, framed: boolean, script = false) {
  return [
    "default-src 'none'",
    // The proof-of-work solver, on the one page that needs it (decision 191): that script and nothing else.
    ...(script ? [`script-src ${PROOF_SCRIPT_HASH}`] : []),
    `style-src ${styleHash}`,
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${framed ? '*' : "'none'"}`,
  ].join('; ');
}

/** Sends a careers page with its headers: its CSP, the language it depends on, no caching of stale offers. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  page: Page,
  {
    framed = false,
    noindex = false,
    script = false,
  }: { framed?: boolean; noindex?: boolean; script?: boolean } = {},
) {
  if (framed) {
    // Helmet's SAMEORIGIN would forbid what frame-ancestors allows (older browsers read only this header).
    reply.raw.removeHeader('x-frame-options');
    reply.removeHeader('x-frame-options');
  }
  if (noindex) reply.header('x-robots-tag', 'noindex');
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', careersCsp(page.styleHash, framed, script))
    .header('vary', 'accept-language')
    .header('cache-control', 'no-cache')
    .send(page.body);
}
