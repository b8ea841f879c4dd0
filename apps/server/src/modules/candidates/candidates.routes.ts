import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { byCaller, recordAudit } from '../audit/audit.service.ts';
import { candidateAnswer } from './candidate-answer.ts';
import { updateCandidate } from './candidate-update.ts';

/**
 * One candidate (SPEC section 7): read it, change its manual data and details (its job applications are
 * listed by job-applications/candidate-applications.routes.ts). Every user of the licence works on its whole
 * candidate database.
 */
export const candidatesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // A profile view is audited (decision 192): the read and its entry in one small transaction, the entry
    // last, so the licence's audit head is locked for its two statements only.
    register(app, routes.candidates.get, async (request) => {
      const caller = callerOf(request);
      return deps.db.transaction(async (tx) => {
        const answer = await candidateAnswer(tx, caller.licenceId, request.params.id);
        await recordAudit(tx, {
          ...byCaller(caller),
          action: 'candidate.view',
          target: { kind: 'candidate', id: request.params.id },
        });
        return answer;
      });
    });

    register(app, routes.candidates.update, async (request) => {
      const caller = callerOf(request);
      await updateCandidate(deps.db, caller, request.params.id, request.body.candidate);
      return candidateAnswer(deps.db, caller.licenceId, request.params.id);
    });
  };
