import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { FileStore } from '../candidate-files/file-store.ts';
import { type CareersSite, sitemapOffers } from './careers.queries.ts';
import { offerPath, sitePath } from './careers-layout.ts';

/** The logo types a browser shows as an image and none can run script (no SVG). */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * `/careers/{slug}/logo`: the licence's logo from the file store, with its stored type, `nosniff` and a CSP
 * that lets nothing run should a browser open it as a document.
 */
export async function sendLogo(
  store: FileStore,
  reply: FastifyReply,
  site: CareersSite,
  missing: () => never,
) {
  const type = site.logoMediaType ?? '';
  if (!site.logoKey || !LOGO_TYPES.has(type)) return missing();
  const body = await store.get(site.logoKey);
  if (!body) return missing();
  return reply
    .type(type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('cache-control', 'public, max-age=300')
    .send(body);
}

/**
 * `/careers/{slug}/sitemap.xml` (sitemaps.org): the list and every public offer, with absolute addresses from
 * the configured public URL (never the request's Host).
 */
export async function sendSitemap(deps: Deps, reply: FastifyReply, site: CareersSite) {
  const origin = deps.publicUrl();
  const offers = await sitemapOffers(deps.db, site.licenceId);
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(sitePath(site.slug)),
    ...offers.map((o) => url(offerPath(site.slug, o.publicSlug ?? ''), o.updatedAt)),
    '</urlset>',
  ].join('\n');
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', "default-src 'none'")
    .send(xml);
}
