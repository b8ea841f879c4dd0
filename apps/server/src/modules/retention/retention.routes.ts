import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { presentDueCandidate } from './retention.presenter.ts';
import { excludeCandidate, listDue } from './retention.service.ts';

/** Retention (issue 24, decision 195): the admins' list of candidates due, and exclusions. */
export const retentionRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.retention.due, async (request) => {
      const { months, action, due } = await listDue(deps.db, callerOf(request));
      return { months, action, data: due.map(presentDueCandidate) };
    });

    register(app, routes.retention.exclude, async (request, reply) => {
      const { candidate_id, reason } = request.body;
      const row = await excludeCandidate(deps.db, callerOf(request), {
        candidateId: candidate_id,
        reason,
        address: request.ip,
      });
      return reply.code(201).send({
        candidate_id: row.candidateId,
        reason: row.reason,
        created_at: row.createdAt.toISOString(),
      });
    });
  };
