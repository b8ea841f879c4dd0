import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { presentJobApplication } from '../job-applications/job-application.presenter.ts';
import { listCandidateApplications } from '../job-applications/job-applications.queries.ts';
import { candidateAnswer } from './candidate-answer.ts';
import { updateCandidate } from './candidate-update.ts';

/**
 * One candidate (SPEC section 7): read it, change its manual data and details, and list its job
 * applications. Every user of the licence works on its whole candidate database.
 */
export const candidatesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.candidates.get, async (request) =>
      candidateAnswer(deps.db, callerOf(request).licenceId, request.params.id),
    );

    register(app, routes.candidates.update, async (request) => {
      const caller = callerOf(request);
      await updateCandidate(deps.db, caller, request.params.id, request.body.candidate);
      return candidateAnswer(deps.db, caller.licenceId, request.params.id);
    });

    register(app, routes.candidates.jobApplications, async (request, reply) => {
      const { query } = request;
      const caller = callerOf(request);
      // A missing candidate is a 404, not an empty list.
      await candidateAnswer(deps.db, caller.licenceId, request.params.id);
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
