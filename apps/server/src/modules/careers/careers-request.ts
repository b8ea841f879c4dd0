import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { findCareersSite } from './careers.queries.ts';
import { PRINTABLE } from './careers-filters.ts';
import { LANGUAGES, type Language, languageOf } from './careers-i18n.ts';
import { pageContext } from './careers-layout.ts';
import { PageError } from './careers-page-error.ts';

const SLUG = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

export type Params = { slug?: string; publicSlug?: string };

/** The request's language and page context; the path is rebuilt from the matched route's params. */
export function contextOf(
  request: FastifyRequest,
  path: string,
  query: Record<string, string | undefined> = {},
) {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  const chosen: Language = languageOf(lang, request.headers['accept-language']);
  return pageContext(chosen, LANGUAGES.includes(lang as Language), path, query);
}

/** The site the address names, or this site's 404 page. */
export async function siteOf(db: Db, params: Params) {
  const slug = params.slug ?? '';
  const site = SLUG.test(slug) ? await findCareersSite(db, slug) : undefined;
  if (!site) throw new PageError(404, undefined, 'siteMissing');
  return site;
}

/** An offer's address as sent, when it could be one (printable, not too long); else undefined. */
export const publicSlugOf = (params: Params) => {
  const publicSlug = params.publicSlug ?? '';
  return publicSlug.length <= 200 && PRINTABLE.test(publicSlug) ? publicSlug : undefined;
};
