import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { findNotice, keepCandidateData } from '../retention/retention.service.ts';
import { layout, messagePage, type PageContext } from './careers-layout.ts';
import { sendPage } from './careers-reply.ts';
import { contextOf } from './careers-request.ts';
import { html } from './html.ts';

/** A token as mailed (base64url of 32 bytes); anything else is no link of ours. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * `/careers/-/keep/:token`, the link of the retention notice (issue 24, decision 195). `-` is no site's slug,
 * so the page needs no careers site. GET shows the question (a link opened by a mail scanner changes
 * nothing); POST records the answer as consent: the statement shown, in the visitor's language, their address.
 * Its own scope: the form's empty body is read here only.
 */
export function keepRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    app.get('/-/keep/:token', async (request, reply) => {
      const { ctx, tokenHash } = keepRequest(request);
      const notice = tokenHash ? await findNotice(deps.db, tokenHash) : undefined;
      if (!notice) return sendPage(reply, 404, unknownPage(ctx), { noindex: true });
      if (notice.answered) return sendPage(reply, 200, usedPage(ctx), { noindex: true });
      return sendPage(reply, 200, questionPage(ctx, notice.organisation), { noindex: true });
    });

    app.post('/-/keep/:token', async (request, reply) => {
      const { ctx, tokenHash } = keepRequest(request);
      const notice = tokenHash ? await findNotice(deps.db, tokenHash) : undefined;
      if (!notice || !tokenHash) return sendPage(reply, 404, unknownPage(ctx), { noindex: true });
      const outcome = await keepCandidateData(deps.db, {
        tokenHash,
        text: ctx.texts.keep.statement(notice.organisation),
        address: request.ip,
      });
      if (outcome.kind === 'unknown') return sendPage(reply, 404, unknownPage(ctx), { noindex: true });
      if (outcome.kind === 'used') return sendPage(reply, 409, usedPage(ctx), { noindex: true });
      const t = ctx.texts.keep;
      return sendPage(
        reply,
        200,
        messagePage(ctx, undefined, { title: t.keptTitle, message: t.kept(outcome.organisation) }),
        { noindex: true },
      );
    });
  };
}

function keepRequest(request: FastifyRequest) {
  const token = (request.params as { token?: string }).token ?? '';
  const valid = TOKEN.test(token);
  const ctx = contextOf(request, `/careers/-/keep/${valid ? token : ''}`);
  return { ctx, tokenHash: valid ? hashToken(token) : undefined };
}

const unknownPage = (ctx: PageContext) =>
  messagePage(ctx, undefined, { title: ctx.texts.notFound, message: ctx.texts.keep.unknown });
const usedPage = (ctx: PageContext) =>
  messagePage(ctx, undefined, { title: ctx.texts.keep.title, message: ctx.texts.keep.used });

/** The question, with the statement the answer records as consent. */
function questionPage(ctx: PageContext, organisation: string) {
  const t = ctx.texts.keep;
  const action = `${ctx.path}${ctx.explicitLang ? `?lang=${ctx.lang}` : ''}`;
  return layout(ctx, undefined, {
    title: `${t.title} – ${organisation}`,
    noindex: true,
    main: html`<h2>${t.title}</h2><p>${t.intro(organisation)}</p>
<form method="post" action="${action}"><p>${t.statement(organisation)}</p><button type="submit">${t.submit}</button></form>
<p>${t.decline}</p>`,
  });
}
