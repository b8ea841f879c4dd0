import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { findJobOfferAccess } from '../job-offers/job-offers.queries.ts';
import { presentJobApplication } from './job-application.presenter.ts';
import { findJobApplication, listOfferApplications } from './job-applications.queries.ts';
import {
  deleteJobApplication,
  moveAllJobApplications,
  moveJobApplication,
} from './job-applications.service.ts';

/**
 * A job offer's pipeline (SPEC section 7): its applications page by page, a status move, a removal, and the
 * bulk move of a whole offer or of one of its statuses.
 */
export const jobApplicationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.jobApplications.listOfOffer, async (request, reply) => {
      const { query } = request;
      const caller = callerOf(request);
      if (!(await findJobOfferAccess(deps.db, caller, request.params.id))) throw notFound('Job offer');
      const filters = {
        statusId: query.filters?.with_status_id,
        search: query.filters?.search || undefined,
      };
      const { rows, total } = await listOfferApplications(
        deps.db,
        caller,
        request.params.id,
        filters,
        pageWindow(query),
      );
      const data = rows.map((row) => presentJobApplication(row, query.embed));
      return sendPage(request, reply, query, data, total);
    });

    register(app, routes.jobApplications.moveAll, async (request) => ({
      updated: await moveAllJobApplications(
        deps.db,
        callerOf(request),
        request.params.id,
        request.body.status_id,
        request.query.filters?.with_status_id,
        request.body.rejection,
        request.body.job_application_ids,
      ),
    }));

    register(app, routes.jobApplications.move, async (request) => {
      const caller = callerOf(request);
      await moveJobApplication(
        deps.db,
        caller,
        request.params.id,
        request.body.status_id,
        request.body.rejection,
      );
      const row = await findJobApplication(deps.db, caller, request.params.id);
      if (!row) throw notFound('Job application');
      return presentJobApplication(row, request.query.embed);
    });

    register(app, routes.jobApplications.remove, async (request, reply) => {
      await deleteJobApplication(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });
  };
