import {
  CandidateEmailListQuery,
  EmailPreview,
  EmailPreviewBody,
  Id,
  listOf,
  RecordedEmail,
  SendEmailsBody,
  SendEmailsResult,
} from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { findCandidate } from '../candidates/candidates.queries.ts';
import { providerTokenOf } from '../signature/provider-token.ts';
import { presentCandidateEmail } from './candidate-email.presenter.ts';
import { listCandidateEmails } from './candidate-emails.queries.ts';
import { previewEmails, type SendingDeps, sendEmails } from './send-emails.ts';

const params = z.object({ id: Id });
const headers = z.looseObject({ 'x-provider-token': z.string().max(4096).optional() });
const tags = ['email sending'];

/**
 * Sending a job offer's email template to its candidates (issue 11, beyond the spec): a preview per recipient,
 * the send itself, and the messages recorded on a candidate.
 */
export const emailSendingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const sending = (log: SendingDeps['log']): SendingDeps => ({
      db: deps.db,
      mailer: deps.mailer,
      mailFrom: deps.config.mailFrom,
      gmailApiUrl: deps.config.gmailApiUrl,
      log,
    });

    app.post(
      '/job_offers/:id/emails/preview',
      { schema: { tags, params, headers, body: EmailPreviewBody, response: { 200: EmailPreview } } },
      async (request) => {
        const { body } = request;
        return previewEmails(sending(request.log), callerOf(request), request.params.id, {
          templateId: body.email_template_id,
          selection: { candidateIds: body.candidate_ids, statusId: body.filters?.with_status_id },
          providerToken: providerTokenOf(request),
        });
      },
    );

    app.post(
      '/job_offers/:id/emails',
      { schema: { tags, params, headers, body: SendEmailsBody, response: { 200: SendEmailsResult } } },
      async (request) => {
        const { body } = request;
        return sendEmails(sending(request.log), callerOf(request), request.params.id, {
          templateId: body.email_template_id,
          selection: { candidateIds: body.candidate_ids },
          providerToken: providerTokenOf(request),
        });
      },
    );

    app.get(
      '/candidates/:id/emails',
      {
        schema: {
          tags,
          params,
          querystring: CandidateEmailListQuery,
          response: { 200: listOf(RecordedEmail) },
        },
      },
      async (request, reply) => {
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
      },
    );
  };
