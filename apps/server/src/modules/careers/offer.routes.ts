import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverSecret } from '../../db/server-secrets.ts';
import type { Deps } from '../../deps.ts';
import type { FileStore } from '../candidate-files/file-store.ts';
import { offerQuestions } from './apply/apply.queries.ts';
import { applyToOffer } from './apply/apply.service.ts';
import { APPLY_MULTIPART_LIMITS, checkApplication, readApplyForm, sourceOf } from './apply/apply-form.ts';
import { applyGuard } from './apply/apply-guard.ts';
import type { ApplyJobs } from './apply/apply-mail.job.ts';
import { type ApplyFormState, appliedPage, applyForm, consentText } from './apply-page.ts';
import { type CareersSite, findPublicOffer } from './careers.queries.ts';
import { offerPath, type PageContext, sitePath } from './careers-layout.ts';
import { PageError } from './careers-page-error.ts';
import { offerPage } from './careers-pages.ts';
import { sendPage } from './careers-reply.ts';
import { contextOf, type Params, publicSlugOf, siteOf } from './careers-request.ts';
import { jobPosting } from './job-posting.ts';

type Tools = { deps: Deps; store: FileStore; jobs: ApplyJobs };

/**
 * An offer's page with its apply form, the form's POST and the page after it (issue 23, decisions 190 and
 * 191), in the careers scope: no session, the scope's CSP, rate limit and error pages.
 */
export async function registerOfferRoutes(app: FastifyInstance, { deps, store, jobs }: Tools) {
  const secret = await serverSecret(deps.db, 'careers_form_secret');
  const guard = applyGuard({ secret, store: deps.pageLimits, limits: deps.config.careersApply });
  await app.register(multipart, {
    preservePath: true,
    limits: { ...APPLY_MULTIPART_LIMITS, fileSize: deps.config.maxFileBytes },
    // A CV past the limit is cut and marked, then refused beside its field (the rest of the form still read).
    throwFileSizeLimit: false,
  });

  /** The site and its public offer the address names, or the 404 page. */
  const offerOf = async (params: Params) => {
    const site = await siteOf(deps.db, params);
    const publicSlug = publicSlugOf(params);
    const offer = publicSlug ? await findPublicOffer(deps.db, site.licenceId, publicSlug) : undefined;
    if (!offer || !publicSlug) throw new PageError(404, site, 'offerGone');
    return { site, offer, publicSlug };
  };

  /** The offer's page, its form in the state given (fresh, or as sent back with errors or a challenge). */
  const sendOfferPage = async (
    reply: FastifyReply,
    status: number,
    ctx: PageContext,
    { site, offer, publicSlug }: Awaited<ReturnType<typeof offerOf>>,
    state: Omit<ApplyFormState, 'formToken'>,
  ) => {
    const questions = await offerQuestions(deps.db, site.licenceId, offer.id);
    const origin = deps.publicUrl();
    const jsonLd = jobPosting(site, offer, {
      page: `${origin}${offerPath(site.slug, publicSlug)}`,
      site: `${origin}${sitePath(site.slug)}`,
      ...(site.logoKey ? { logo: `${origin}${sitePath(site.slug)}/logo` } : {}),
    });
    const form = applyForm(ctx, site, { publicSlug }, questions, {
      ...state,
      formToken: guard.formToken(formKey(site, offer.id)),
    });
    return sendPage(reply, status, offerPage(ctx, site, offer, jsonLd, form), {
      script: state.challenge !== undefined,
    });
  };

  app.get('/:slug/jobs/:publicSlug', async (request, reply) => {
    const found = await offerOf(request.params as Params);
    const ctx = contextOf(request, offerPath(found.site.slug, found.publicSlug));
    // The link's source, or the list's the visitor browsed from (its links carry it); else the careers page.
    const source = ctx.source ?? sourceOf(undefined);
    return sendOfferPage(reply, 200, ctx, found, { source, values: new Map(), errors: new Map() });
  });

  app.post('/:slug/jobs/:publicSlug/apply', async (request, reply) => {
    const found = await offerOf(request.params as Params);
    const { site, offer, publicSlug } = found;
    const admitted = await guard.admit(request.ip);
    const form = await readApplyForm(request, store, deps.config.maxFileBytes);
    const discard = async () => {
      if (form.cv) await store.delete(form.cv.key);
    };
    const ctx = contextOf(request, offerPath(site.slug, publicSlug));
    const field = (name: string) => form.fields.get(name) ?? '';
    const verdict = await guard.judge(
      { formToken: field('form_token'), honeypot: field('website'), proof: field('altcha') },
      formKey(site, offer.id),
      admitted,
    );
    const source = sourceOf(field('source'));
    // Sent back as typed (never the CV: a browser cannot be given a file), the guards' fields left out.
    const values = new Map([...form.fields].filter(([name]) => !GUARD_FIELDS.has(name)));
    if (verdict.kind === 'trap') {
      await discard();
      return reply.redirect(appliedPath(ctx, site, publicSlug), 303);
    }
    if (verdict.kind === 'challenge') {
      await discard();
      return sendOfferPage(reply, 400, ctx, found, {
        source,
        values,
        errors: new Map(),
        challenge: verdict.challenge,
      });
    }
    const questions = await offerQuestions(deps.db, site.licenceId, offer.id);
    const checked = checkApplication(form, questions);
    if (!checked.ok) {
      await discard();
      return sendOfferPage(reply, 400, ctx, found, { source, values, errors: checked.errors });
    }
    try {
      await applyToOffer(
        { db: deps.db, store, jobs },
        {
          licenceId: site.licenceId,
          jobOfferId: offer.id,
          lang: ctx.lang,
          consentText: consentText(ctx, site),
          address: request.ip,
        },
        checked.application,
      );
    } catch (error) {
      await discard();
      throw error;
    }
    return reply.redirect(appliedPath(ctx, site, publicSlug), 303);
  });

  app.get('/:slug/jobs/:publicSlug/applied', async (request, reply) => {
    const { site, offer, publicSlug } = await offerOf(request.params as Params);
    const ctx = contextOf(request, `${offerPath(site.slug, publicSlug)}/applied`);
    return sendPage(reply, 200, appliedPage(ctx, site, offer), { noindex: true });
  });
}

/** The hidden fields of the guards, never sent back as values. */
const GUARD_FIELDS = new Set(['form_token', 'website', 'altcha', 'source']);

/** What a form token is signed for: this offer of this licence (a token of another form does not count). */
const formKey = (site: CareersSite, offerId: number) => `${site.licenceId}:${offerId}`;

const appliedPath = (ctx: PageContext, site: CareersSite, publicSlug: string) =>
  `${offerPath(site.slug, publicSlug)}/applied${ctx.explicitLang ? `?lang=${ctx.lang}` : ''}`;
