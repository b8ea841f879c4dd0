import { Id, JobOfferCopyInput, JobOfferCopyResult, JobOfferEmbedQuery } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { presentJobOffer } from '../job-offers/job-offer.presenter.ts';
import { findJobOffer } from '../job-offers/job-offers.queries.ts';
import { copyCandidates } from './job-offer-copy.service.ts';

/** Copy candidates into another job offer (SPEC section 7: POST /job_offers/{id}/copy). */
export const jobOfferCopyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/job_offers/:id/copy',
      {
        schema: {
          tags: ['job offers'],
          params: z.object({ id: Id }),
          querystring: JobOfferEmbedQuery,
          body: JobOfferCopyInput,
          response: { 200: JobOfferCopyResult },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { from_status, dest } = request.body;
        const result = await copyCandidates(deps.db, caller, request.params.id, {
          fromStatus: from_status,
          dest,
        });
        const destination = await findJobOffer(deps.db, caller, result.jobOfferId);
        // Deleted by someone else in the instant after the copy committed.
        if (!destination) throw notFound('Job offer');
        return {
          ok: result.ok,
          duplicates: result.duplicates,
          job_offer: presentJobOffer(destination, request.query.embed),
        };
      },
    );
  };
