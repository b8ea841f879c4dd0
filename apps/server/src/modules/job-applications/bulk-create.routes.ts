import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { bulkCreateApplications } from './bulk-create.service.ts';

/** POST /job_applications/bulk_create (SPEC section 7): the candidate database's 'Add to job offer'. */
export const bulkCreateRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.jobApplications.bulkCreate, async (request, reply) => {
      const { job_offer_id, status_id, candidates_ids } = request.body;
      const result = await bulkCreateApplications(deps.db, callerOf(request), {
        jobOfferId: job_offer_id,
        statusId: status_id,
        candidateIds: candidates_ids,
      });
      return reply.code(201).send(result);
    });
  };
