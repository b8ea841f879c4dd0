import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { sourceOf } from './apply/apply-form.ts';
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
  const given = (request.query ?? {}) as { lang?: unknown; source?: unknown; utm_source?: unknown };
  const chosen: Language = languageOf(given.lang, request.headers['accept-language']);
  const named = firstString(given.source) ?? firstString(given.utm_source);
  return pageContext(
    chosen,
    LANGUAGES.includes(given.lang as Language),
    path,
    query,
    named === undefined ? undefined : sourceOf(named),
  );
}

/** The first string of a query value (`?a=1&a=2` gives an array). */
export const firstString = (value: unknown) =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

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
