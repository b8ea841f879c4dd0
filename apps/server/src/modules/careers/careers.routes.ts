import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { applyJobs } from './apply/apply-mail.job.ts';
import { listPublicOffers } from './careers.queries.ts';
import { sendLogo, sendSitemap } from './careers-files.ts';
import { CareersListQuery, OFFERS_PER_PAGE } from './careers-filters.ts';
import { messagePage, type PageContext, sitePath } from './careers-layout.ts';
import { PageError } from './careers-page-error.ts';
import { embedPage, listPage } from './careers-pages.ts';
import { sendPage } from './careers-reply.ts';
import { contextOf, siteOf as findSite, type Params } from './careers-request.ts';
import { interviewAnswerRoutes } from './interview-answer.routes.ts';
import { keepRoutes } from './keep.routes.ts';
import { registerOfferRoutes } from './offer.routes.ts';
import { privacyRequestRoutes } from './privacy-request.routes.ts';

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

  const siteOf = (params: Params) => findSite(deps.db, params);

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

    await registerOfferRoutes(app, { deps, store, jobs: applyJobs(deps) });
    await app.register(privacyRequestRoutes(deps));
    await app.register(keepRoutes(deps));
    await app.register(interviewAnswerRoutes(deps));

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

/** A client error's own status (a form too large, a body of another type: 413, 415, 400), else 500. */
function statusOf(error: unknown) {
  if (error instanceof AppError) return error.status;
  const code = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
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
  const status = statusOf(error);
  if (status >= 500) request.log.error({ err: error }, 'careers page failed');
  const message = status >= 500 ? t.failed : t.unreadable;
  return sendPage(reply, status, messagePage(ctx, undefined, { title: t.failedTitle, message }), {
    noindex: true,
  });
}
