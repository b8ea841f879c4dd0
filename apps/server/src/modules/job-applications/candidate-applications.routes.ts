import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { findCandidate } from '../candidates/candidates.queries.ts';
import { presentJobApplication } from './job-application.presenter.ts';
import { listCandidateApplications } from './job-applications.queries.ts';

/**
 * A candidate's job applications (SPEC section 7), in the offers the caller sees. Applications own this
 * answer: the candidates module imports nothing of job applications (decision 155).
 */
export const candidateApplicationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.candidates.jobApplications, async (request, reply) => {
      const { query } = request;
      const caller = callerOf(request);
      // A missing candidate is a 404, not an empty list.
      if (!(await findCandidate(deps.db, caller.licenceId, request.params.id))) throw notFound('Candidate');
      const { rows, total } = await listCandidateApplications(
        deps.db,
        caller,
        request.params.id,
        pageWindow(query),
      );
      const data = rows.map((row) => presentJobApplication(row, query.embed));
      return sendPage(request, reply, query, data, total);
    });
  };
