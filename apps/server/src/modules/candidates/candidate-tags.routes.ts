import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { candidateAnswer } from './candidate-answer.ts';
import { attachCandidateTag, detachCandidateTag } from './candidate-tags.service.ts';

/** Tag and untag a candidate (SPEC section 7); both answer the Candidate. */
export const candidateTagsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.candidates.attachTag, async (request) => {
      const caller = callerOf(request);
      const { candidateId, tagId } = request.params;
      await attachCandidateTag(deps.db, caller, candidateId, tagId);
      return candidateAnswer(deps.db, caller.licenceId, candidateId);
    });

    register(app, routes.candidates.detachTag, async (request) => {
      const caller = callerOf(request);
      const { candidateId, tagId } = request.params;
      await detachCandidateTag(deps.db, caller, candidateId, tagId);
      return candidateAnswer(deps.db, caller.licenceId, candidateId);
    });
  };
