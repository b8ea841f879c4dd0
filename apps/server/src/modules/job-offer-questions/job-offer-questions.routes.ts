import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { listQuestions, saveQuestions } from './job-offer-questions.service.ts';

/** The questions of an offer's apply form (issue 23, decision 189): read by who sees the offer, saved whole. */
export const jobOfferQuestionsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.jobOffers.questions, async (request) => ({
      data: await listQuestions(deps.db, callerOf(request), request.params.id),
    }));

    register(app, routes.jobOffers.saveQuestions, async (request) => ({
      data: await saveQuestions(deps.db, callerOf(request), request.params.id, request.body.questions),
    }));
  };
