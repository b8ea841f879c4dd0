import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { type CareersSite, findCareersSite, findPublicOffer, listPublicOffers } from './careers.queries.ts';
import { sendLogo, sendSitemap } from './careers-files.ts';
import { CareersListQuery, OFFERS_PER_PAGE, PRINTABLE } from './careers-filters.ts';
import { LANGUAGES, type Language, languageOf } from './careers-i18n.ts';
import { messagePage, offerPath, type PageContext, pageContext, sitePath } from './careers-layout.ts';
import { embedPage, listPage, offerPage } from './careers-pages.ts';
import { sendPage } from './careers-reply.ts';
import { jobPosting } from './job-posting.ts';

const SLUG = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

/** A failure of a careers page, answered as a page in the visitor's language (the scope's error handler). */
class PageError extends Error {
  readonly status: 400 | 404;
  readonly site: CareersSite | undefined;
  readonly reason: 'offerGone' | 'siteMissing' | 'badRequest';
  constructor(status: PageError['status'], site: CareersSite | undefined, reason: PageError['reason']) {
    super(reason);
    this.status = status;
    this.site = site;
    this.reason = reason;
  }
}

type Params = { slug?: string; publicSlug?: string };

/** The request's language and page context; the path is rebuilt from the matched route's params. */
function contextOf(request: FastifyRequest, path: string, query: Record<string, string | undefined> = {}) {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  const chosen: Language = languageOf(lang, request.headers['accept-language']);
  return pageContext(chosen, LANGUAGES.includes(lang as Language), path, query);
}

/**
 * The public careers site (issue 23, decision 190) under /careers: server-rendered pages, no session read, no
 * cookie set, a CSP of its own, a rate limit per client address. Every query after the site's is scoped by the
 * licence the site's slug names.
 */
export function careersRoutes(deps: Deps) {
  const store = fileStoreFor(deps.config);
  const perAddress = rateLimiter(deps.pageLimits, {
    max: deps.config.careersMaxPerMinute,
    windowSeconds: 60,
  });

  const siteOf = async (params: Params) => {
    const slug = params.slug ?? '';
    const site = SLUG.test(slug) ? await findCareersSite(deps.db, slug) : undefined;
    if (!site) throw new PageError(404, undefined, 'siteMissing');
    return site;
  };

  return async (app: FastifyInstance) => {
    // Pages, not the JSON API: outside the route table and the OpenAPI document, like the web app's page.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addHook('onRequest', async (request) => {
      const attempt = await perAddress.take(`careers:${request.ip}`);
      if (!attempt.allowed) {
        await attempt.release();
        throw new AppError('rate_limited', 'Too many requests', {
          headers: { 'retry-after': String(attempt.retryAfter) },
        });
      }
    });
    app.setErrorHandler((error, request, reply) => failurePage(error, request, reply));

    app.get('/:slug', async (request, reply) => {
      const site = await siteOf(request.params as Params);
      const parsed = CareersListQuery.safeParse(request.query ?? {});
      if (!parsed.success) throw new PageError(400, site, 'badRequest');
      const { page = 1, lang: _lang, ...filters } = parsed.data;
      const { offers, total } = await listPublicOffers(deps.db, site.licenceId, filters, {
        limit: OFFERS_PER_PAGE,
        offset: (page - 1) * OFFERS_PER_PAGE,
      });
      const pages = Math.max(1, Math.ceil(total / OFFERS_PER_PAGE));
      const ctx = contextOf(request, sitePath(site.slug), {
        ...filters,
        page: page > 1 ? String(page) : undefined,
      });
      return sendPage(reply, 200, listPage(ctx, site, filters, { offers, total, page, pages }));
    });

    app.get('/:slug/embed', async (request, reply) => {
      const site = await siteOf(request.params as Params);
      const list = await listPublicOffers(deps.db, site.licenceId, {}, { limit: OFFERS_PER_PAGE, offset: 0 });
      const ctx = contextOf(request, `${sitePath(site.slug)}/embed`);
      return sendPage(reply, 200, embedPage(ctx, site, { ...list, page: 1, pages: 1 }), {
        framed: true,
        noindex: true,
      });
    });

    app.get('/:slug/jobs/:publicSlug', async (request, reply) => {
      const params = request.params as Params;
      const site = await siteOf(params);
      const publicSlug = params.publicSlug ?? '';
      const offer =
        publicSlug.length <= 200 && PRINTABLE.test(publicSlug)
          ? await findPublicOffer(deps.db, site.licenceId, publicSlug)
          : undefined;
      if (!offer) throw new PageError(404, site, 'offerGone');
      const origin = deps.publicUrl();
      const page = `${origin}${offerPath(site.slug, publicSlug)}`;
      const jsonLd = jobPosting(site, offer, {
        page,
        site: `${origin}${sitePath(site.slug)}`,
        ...(site.logoKey ? { logo: `${origin}${sitePath(site.slug)}/logo` } : {}),
      });
      const ctx = contextOf(request, offerPath(site.slug, publicSlug));
      return sendPage(reply, 200, offerPage(ctx, site, offer, jsonLd));
    });

    app.get('/:slug/sitemap.xml', async (request, reply) =>
      sendSitemap(deps, reply, await siteOf(request.params as Params)),
    );

    app.get('/:slug/logo', async (request, reply) => {
      const site = await siteOf(request.params as Params);
      return sendLogo(store, reply, site, () => {
        throw new PageError(404, site, 'siteMissing');
      });
    });

    // Any other address under /careers is this site's 404 page, not the web app.
    const unknown = async () => {
      throw new PageError(404, undefined, 'siteMissing');
    };
    app.get('/', unknown);
    app.get('/*', unknown);
  };
}

/** The path of the page answered, rebuilt from the matched route and its params (for the language switch). */
function pathOf(request: FastifyRequest) {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return (request.routeOptions.url ?? '/careers').replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
    (params[name ?? '*'] ?? '').split('/').map(encodeURIComponent).join('/'),
  );
}

/** Every failure of the scope as a page in the visitor's language: 400, 404, 429, else 500 (logged). */
function failurePage(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const ctx: PageContext = contextOf(request, pathOf(request));
  const t = ctx.texts;
  if (error instanceof PageError) {
    const title = error.status === 404 ? t.notFound : t.invalidSearch;
    return sendPage(reply, error.status, messagePage(ctx, error.site, { title, message: t[error.reason] }), {
      noindex: true,
    });
  }
  if (error instanceof AppError && error.code === 'rate_limited') {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return sendPage(reply, 429, messagePage(ctx, undefined, { title: t.tooManyTitle, message: t.tooMany }), {
      noindex: true,
    });
  }
  const status = error instanceof AppError ? error.status : 500;
  if (status >= 500) request.log.error({ err: error }, 'careers page failed');
  return sendPage(reply, status, messagePage(ctx, undefined, { title: t.failedTitle, message: t.failed }), {
    noindex: true,
  });
}
