import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { findCandidate } from '../candidates/candidates.queries.ts';
import { providerTokenOf } from '../signature/provider-token.ts';
import { presentCandidateEmail } from './candidate-email.presenter.ts';
import { listCandidateEmails } from './candidate-emails.queries.ts';
import type { EmailSendJob } from './email-send.job.ts';
import { findEmailSendProgress } from './email-sends.queries.ts';
import { previewEmails, type SendingDeps, type SendLimit, startSend } from './send-emails.ts';

/**
 * Sending a job offer's email template to its candidates (issue 11, beyond the spec): a preview per recipient,
 * the send itself, and the messages recorded on a candidate.
 */
export const emailSendingRoutes =
  (deps: Deps, sendJob: EmailSendJob): FastifyPluginAsyncZod =>
  async (app) => {
    // Messages per user and hour, counted when a send is asked (all its messages at once).
    const perHour = rateLimiter(deps.loginLimits.store, {
      max: deps.config.emailSendLimitPerHour,
      windowSeconds: 3600,
    });
    const limit: SendLimit = async (userId, messages) => {
      if (messages === 0) return;
      const attempt = await perHour.take(`email-send:${userId}`, messages);
      if (attempt.allowed) return;
      await attempt.release();
      throw new AppError('send_limit_reached', 'Too many emails sent in the last hour', {
        headers: { 'retry-after': String(attempt.retryAfter) },
      });
    };
    const sending = (log: SendingDeps['log']): SendingDeps => ({
      db: deps.db,
      mailer: deps.mailer,
      mailFrom: deps.config.mailFrom,
      gmailApiUrl: deps.config.gmailApiUrl,
      log,
    });

    register(app, routes.emailSending.preview, async (request) => {
      const { body } = request;
      return previewEmails(sending(request.log), callerOf(request), request.params.id, {
        templateId: body.email_template_id,
        selection: { candidateIds: body.candidate_ids, statusId: body.filters?.with_status_id },
        providerToken: providerTokenOf(request),
        previewCandidateId: body.preview_candidate_id,
      });
    });

    register(app, routes.emailSending.send, async (request, reply) => {
      const { body } = request;
      const started = await startSend(
        { ...sending(request.log), jobs: deps.jobs, sendJob, limit },
        callerOf(request),
        request.params.id,
        {
          templateId: body.email_template_id,
          selection: { candidateIds: body.candidate_ids },
          providerToken: providerTokenOf(request),
        },
      );
      return reply.code(202).send(started);
    });

    register(app, routes.emailSending.progress, async (request) => {
      const progress = await findEmailSendProgress(deps.db, callerOf(request).licenceId, request.params.id);
      if (!progress) throw notFound('Email send');
      return progress;
    });

    register(app, routes.candidates.emails, async (request, reply) => {
      const caller = callerOf(request);
      if (!(await findCandidate(deps.db, caller.licenceId, request.params.id))) throw notFound('Candidate');
      const { query } = request;
      const { rows, total } = await listCandidateEmails(
        deps.db,
        caller,
        request.params.id,
        pageWindow(query),
      );
      return sendPage(request, reply, query, rows.map(presentCandidateEmail), total);
    });

    // One message with its body: the timeline's `email_sent` events open it on demand (issue 21).
    register(app, routes.activity.email, async (request) => {
      const caller = callerOf(request);
      const { id, emailId } = request.params;
      const { rows } = await listCandidateEmails(deps.db, caller, id, { limit: 1, offset: 0 }, emailId);
      const [row] = rows;
      if (!row) throw notFound('Email');
      return { ...presentCandidateEmail(row), content: row.content };
    });
  };
