import { INTERVIEW_ANSWERS, type InterviewAnswer } from '@vivier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { findPublicInterview, type PublicInterview, recordAnswer } from '../interviews/answer.service.ts';
import { layout, messagePage, type PageContext } from './careers-layout.ts';
import { sendPage } from './careers-reply.ts';
import { contextOf } from './careers-request.ts';
import { html } from './html.ts';

const ID = /^[1-9]\d{0,9}$/;
const NOTE_MAX = 1000;

/**
 * `/careers/-/interviews/:id/:token`, the candidate's answer to an interview (issue 27, decision 202): no
 * account; the signed token is good for that interview only and until its end (answer-token.ts), so another
 * interview's id with it, an altered or expired token all answer the same 404. GET shows the time and place
 * (and `?answer=` preselects a choice: a link opened by a mail scanner changes nothing); POST records the
 * answer. The page shows nothing but that interview's time and place.
 */
export function interviewAnswerRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get('/-/interviews/:id/:token', async (request, reply) => {
      const { ctx, opened } = await open(deps, request);
      if (!opened) return sendPage(reply, 404, unknownPage(ctx), { noindex: true });
      const chosen = (request.query as { answer?: unknown }).answer;
      return sendPage(reply, 200, answerPage(ctx, opened.interview, isAnswer(chosen) ? chosen : undefined), {
        noindex: true,
      });
    });

    app.post('/-/interviews/:id/:token', async (request, reply) => {
      const { ctx, opened } = await open(deps, request);
      if (!opened) return sendPage(reply, 404, unknownPage(ctx), { noindex: true });
      const body = (request.body ?? {}) as { answer?: unknown; note?: unknown };
      const note = typeof body.note === 'string' ? body.note.trim().slice(0, NOTE_MAX) : '';
      if (!isAnswer(body.answer) || (body.answer === 'proposed' && note === '') || note.includes('\u0000')) {
        return sendPage(
          reply,
          400,
          answerPage(ctx, opened.interview, isAnswer(body.answer) ? body.answer : undefined),
          {
            noindex: true,
          },
        );
      }
      const outcome = await recordAnswer(deps.db, opened.licenceId, opened.id, body.answer, note || null);
      if (outcome === 'unknown') return sendPage(reply, 404, unknownPage(ctx), { noindex: true });
      const t = ctx.texts.interview;
      if (outcome === 'cancelled') {
        return sendPage(
          reply,
          409,
          messagePage(ctx, undefined, {
            title: t.title(opened.interview.organisation),
            message: t.cancelled,
          }),
          { noindex: true },
        );
      }
      return sendPage(
        reply,
        200,
        messagePage(ctx, undefined, { title: t.title(opened.interview.organisation), message: t.thanks }),
        { noindex: true },
      );
    });
  };
}

const isAnswer = (value: unknown): value is InterviewAnswer =>
  INTERVIEW_ANSWERS.includes(value as InterviewAnswer);

/** The interview the address opens: a well-formed id, a token good for it now, a row of the token's licence. */
async function open(deps: Deps, request: FastifyRequest) {
  const params = request.params as { id?: string; token?: string };
  const idText = params.id ?? '';
  const token = params.token ?? '';
  const id = ID.test(idText) ? Number(idText) : undefined;
  const licenceId = id === undefined ? undefined : deps.interviewAnswers.check(token, id);
  // The page's own links keep the address only when it is a valid one (no reflected token otherwise).
  const ctx = contextOf(
    request,
    licenceId !== undefined ? `/careers/-/interviews/${id}/${token}` : '/careers',
  );
  if (id === undefined || licenceId === undefined) return { ctx, opened: undefined };
  const interview = await findPublicInterview(deps.db, licenceId, id);
  return { ctx, opened: interview ? { id, licenceId, interview } : undefined };
}

const unknownPage = (ctx: PageContext) =>
  messagePage(ctx, undefined, { title: ctx.texts.notFound, message: ctx.texts.interview.unknown });

function whenText(ctx: PageContext, interview: PublicInterview) {
  const locale = ctx.lang === 'fr' ? 'fr-FR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, {
    timeZone: interview.timeZone,
    dateStyle: 'full',
    timeStyle: 'long',
  }).format(interview.startsAt);
}

/** The interview's time and place, the current answer, and the three answers as forms (the title is the page's h1). */
function answerPage(ctx: PageContext, interview: PublicInterview, chosen: InterviewAnswer | undefined) {
  const t = ctx.texts.interview;
  const action = `${ctx.path}${ctx.explicitLang ? `?lang=${ctx.lang}` : ''}`;
  const facts = html`<dl>
<dt>${t.when}</dt><dd>${whenText(ctx, interview)} (${t.duration(interview.durationMinutes)})</dd>
<dt>${t.how}</dt><dd>${t.kinds[interview.kind]}</dd>
${interview.location ? html`<dt>${t.where}</dt><dd>${interview.location}</dd>` : ''}
</dl>`;
  if (interview.cancelled) {
    return layout(ctx, undefined, {
      title: t.title(interview.organisation),
      noindex: true,
      main: html`<p>${t.intro(interview.jobOffer)}</p>${facts}<p>${t.cancelled}</p>`,
    });
  }
  const button = (answer: InterviewAnswer, label: string) =>
    html`<form method="post" action="${action}"><input type="hidden" name="answer" value="${answer}"><button type="submit"${chosen === answer ? html` autofocus` : ''}>${label}</button></form>`;
  return layout(ctx, undefined, {
    title: t.title(interview.organisation),
    noindex: true,
    main: html`<p>${t.intro(interview.jobOffer)}</p>${facts}
${interview.answer ? html`<p>${t.current(t.answers[interview.answer])}</p>` : ''}
${button('accepted', t.accept)}${button('declined', t.decline)}
<form method="post" action="${action}"><input type="hidden" name="answer" value="proposed">
<p><label for="note">${t.proposal}</label><br><textarea id="note" name="note" required maxlength="${NOTE_MAX}" rows="3"></textarea></p>
<button type="submit">${t.propose}</button></form>`,
  });
}
