import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { presentJobOffer } from '../job-offers/job-offer.presenter.ts';
import { findJobOffer } from '../job-offers/job-offers.queries.ts';
import { copyCandidates } from './job-offer-copy.service.ts';

/** Copy candidates into another job offer (SPEC section 7: POST /job_offers/{id}/copy). */
export const jobOfferCopyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.jobOffers.copy, async (request) => {
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
    });
  };
