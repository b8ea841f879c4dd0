import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { parseTagExpression } from '../candidates/candidate-search.queries.ts';
import { eraseCandidatesJob } from './erase-candidates.job.ts';
import { eraseOne, findErasure, startBulkErasure } from './erasure-requests.service.ts';

/** Erasure (issue 24, decision 193): one candidate now, many on the queue, and how far those went. */
export const erasureRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Queued from here, run by the worker app.ts registers the same kind with.
    const job = eraseCandidatesJob();
    register(app, routes.candidateErasures.eraseOne, async (request) =>
      eraseOne(deps.db, callerOf(request), request.params.id, request.body.confirmation, request.ip),
    );

    register(app, routes.candidateErasures.create, async (request, reply) => {
      const { body } = request;
      const tags = body.filters?.tags;
      const selection = body.candidate_ids
        ? { candidateIds: body.candidate_ids }
        : {
            filters: {
              search: body.filters?.search || undefined,
              inCvs: body.filters?.in_cvs === true,
              source: body.filters?.source || undefined,
              legalBasis: body.filters?.legal_basis || undefined,
              tags: parseTagExpression(tags === undefined ? [] : Array.isArray(tags) ? tags : [tags]),
            },
          };
      const erasure = await startBulkErasure(
        { db: deps.db, jobs: deps.jobs, job },
        callerOf(request),
        selection,
        body.confirmation,
        request.ip,
      );
      return reply.code(202).send(erasure);
    });

    register(app, routes.candidateErasures.progress, async (request) =>
      findErasure(deps.db, callerOf(request), request.params.id),
    );
  };
