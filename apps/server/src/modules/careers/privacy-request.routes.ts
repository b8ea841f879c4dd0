import { EMAIL_PATTERN } from '@vivier/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { privacyMailJob } from '../privacy/privacy-mail.job.ts';
import { confirmRequest, linkHolds, requestFromCareers } from '../privacy/privacy-requests.service.ts';
import { linkTo, type PageContext } from './careers-layout.ts';
import { sendPage } from './careers-reply.ts';
import { contextOf, type Params, siteOf } from './careers-request.ts';
import {
  type PrivacyFormState,
  privacyConfirmPage,
  privacyFormPage,
  privacyMessagePage,
  privacyPath,
} from './privacy-page.ts';

/** A mailed link's token: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The window of the per-address count of requests: ten minutes, as the apply form's. */
const WINDOW_SECONDS = 600;

type TokenParams = Params & { token?: string };

/**
 * The requests from the person on the careers site (issue 24, decision 194): the form, its POST (answered with
 * the same page whatever the address), the page a mailed link opens and its confirming POST. In the careers
 * scope (its CSP, its per-minute limit, its error pages); the form is a plain urlencoded POST, read by this
 * plugin's own parser, at most 2 kB.
 */
export function privacyRequestRoutes(deps: Deps) {
  const mail = privacyMailJob(deps);
  // Past the apply form's hard limit of posts per address and ten minutes: the 429 page (decision 191).
  const perAddress = rateLimiter(deps.pageLimits, {
    max: deps.config.careersApply.maxPerWindow,
    windowSeconds: WINDOW_SECONDS,
  });

  return async (app: FastifyInstance) => {
    // A form, nothing else: another type of body is the scope's 415 page.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2048 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const admit = async (address: string) => {
      const attempt = await perAddress.take(`privacy:${address}`);
      if (!attempt.allowed) {
        await attempt.release();
        throw new AppError('rate_limited', 'Too many requests from this address', {
          headers: { 'retry-after': String(attempt.retryAfter) },
        });
      }
    };

    app.get('/:slug/privacy', async (request, reply) => {
      const site = await siteOf(deps.db, request.params as Params);
      const ctx = contextOf(request, privacyPath(site.slug));
      return sendPage(reply, 200, privacyFormPage(ctx, site, { kind: '', email: '', errors: new Map() }), {
        noindex: true,
      });
    });

    app.post('/:slug/privacy', async (request, reply) => {
      const site = await siteOf(deps.db, request.params as Params);
      await admit(request.ip);
      const ctx = contextOf(request, privacyPath(site.slug));
      const body = (request.body ?? {}) as Record<string, unknown>;
      const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
      const sent = sentPath(ctx, site.slug);
      // A filled honeypot: answered as a sent request, nothing done.
      if (field('website') !== '') return reply.redirect(sent, 303);
      const state: PrivacyFormState = { kind: field('kind'), email: field('email'), errors: new Map() };
      if (state.kind !== 'access' && state.kind !== 'erasure') state.errors.set('kind', 'required');
      if (state.email === '') state.errors.set('email', 'required');
      else if (state.email.length > 254 || !EMAIL_PATTERN.test(state.email))
        state.errors.set('email', 'invalidEmail');
      if (state.errors.size > 0) {
        return sendPage(reply, 400, privacyFormPage(ctx, site, state), { noindex: true });
      }
      await requestFromCareers(
        { db: deps.db, mail },
        {
          licenceId: site.licenceId,
          kind: state.kind as 'access' | 'erasure',
          email: state.email,
          lang: ctx.lang,
          address: request.ip,
        },
      );
      return reply.redirect(sent, 303);
    });

    app.get('/:slug/privacy/sent', async (request, reply) => {
      const site = await siteOf(deps.db, request.params as Params);
      const ctx = contextOf(request, `${privacyPath(site.slug)}/sent`);
      const t = ctx.texts.privacy;
      return sendPage(reply, 200, privacyMessagePage(ctx, site, { title: t.sentTitle, message: t.sent }), {
        noindex: true,
      });
    });

    app.get('/:slug/privacy/confirm/:token', async (request, reply) => {
      const params = request.params as TokenParams;
      const site = await siteOf(deps.db, params);
      const token = params.token ?? '';
      const path = `${privacyPath(site.slug)}/confirm/${encodeURIComponent(token)}`;
      const ctx = contextOf(request, path);
      const kind = TOKEN.test(token) ? await linkHolds(deps.db, site.licenceId, token) : undefined;
      if (!kind) return linkGone(reply, ctx, site);
      return sendPage(reply, 200, privacyConfirmPage(ctx, site, { kind, action: linkTo(ctx, path) }), {
        noindex: true,
      });
    });

    app.post('/:slug/privacy/confirm/:token', async (request, reply) => {
      const params = request.params as TokenParams;
      const site = await siteOf(deps.db, params);
      await admit(request.ip);
      const token = params.token ?? '';
      const ctx = contextOf(request, `${privacyPath(site.slug)}/confirm/${encodeURIComponent(token)}`);
      const kind = TOKEN.test(token)
        ? await confirmRequest(deps.db, site.licenceId, token, request.ip)
        : undefined;
      if (!kind) return linkGone(reply, ctx, site);
      return reply.redirect(linkTo(ctx, `${privacyPath(site.slug)}/confirmed`), 303);
    });

    app.get('/:slug/privacy/confirmed', async (request, reply) => {
      const site = await siteOf(deps.db, request.params as Params);
      const ctx = contextOf(request, `${privacyPath(site.slug)}/confirmed`);
      const t = ctx.texts.privacy;
      const message = t.confirmed(site.organisation);
      return sendPage(reply, 200, privacyMessagePage(ctx, site, { title: t.confirmedTitle, message }), {
        noindex: true,
      });
    });
  };
}

const sentPath = (ctx: PageContext, slug: string) => linkTo(ctx, `${privacyPath(slug)}/sent`);

/** A link used, expired or not ours: 410, with a way to ask again. */
function linkGone(
  reply: Parameters<typeof sendPage>[0],
  ctx: PageContext,
  site: Awaited<ReturnType<typeof siteOf>>,
) {
  const t = ctx.texts.privacy;
  return sendPage(
    reply,
    410,
    privacyMessagePage(ctx, site, { title: t.linkGoneTitle, message: t.linkGone, again: true }),
    { noindex: true },
  );
}
