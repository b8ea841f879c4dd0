import { type JobOfferEmbedQuery, routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { type Caller, callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { presentJobOffer } from './job-offer.presenter.ts';
import { findJobOffer, listJobOffers } from './job-offers.queries.ts';
import {
  attachTag,
  createJobOffer,
  deleteJobOffer,
  detachTag,
  updateJobOffer,
} from './job-offers.service.ts';

const { jobOffers } = routes;

/** Job offers (SPEC section 7): index, one offer, create, update, delete, and tag attach/detach. */
export const jobOffersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /** One offer the caller sees, as presented; 404 when missing, another licence's, or hidden. */
    const presentOne = async (caller: Caller, id: number, embed: Embed) => {
      const row = await findJobOffer(deps.db, caller, id);
      if (!row) throw notFound('Job offer');
      return presentJobOffer(row, embed);
    };

    register(app, jobOffers.list, async (request, reply) => {
      const { query } = request;
      const caller = callerOf(request);
      const filters = {
        search: query.filters?.search || undefined,
        ownedByMe: query.filters?.owned_by_me,
        archived: query.filters?.archived,
      };
      const { rows, total } = await listJobOffers(deps.db, caller, filters, pageWindow(query));
      const data = rows.map((row) => presentJobOffer(row, query.embed));
      return sendPage(request, reply, query, data, total);
    });

    register(app, jobOffers.get, async (request) =>
      presentOne(callerOf(request), request.params.id, request.query.embed),
    );

    register(app, jobOffers.create, async (request, reply) => {
      const id = await createJobOffer(deps.db, callerOf(request), request.body.job_offer);
      return reply.code(201).send(await presentOne(callerOf(request), id, request.query.embed));
    });

    register(app, jobOffers.update, async (request) => {
      await updateJobOffer(deps.db, callerOf(request), request.params.id, request.body.job_offer);
      return presentOne(callerOf(request), request.params.id, request.query.embed);
    });

    register(app, jobOffers.remove, async (request, reply) => {
      await deleteJobOffer(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });

    register(app, jobOffers.attachTag, async (request) => {
      await attachTag(deps.db, callerOf(request), request.params.id, request.params.tagId);
      return presentOne(callerOf(request), request.params.id, request.query.embed);
    });

    register(app, jobOffers.detachTag, async (request) => {
      await detachTag(deps.db, callerOf(request), request.params.id, request.params.tagId);
      return presentOne(callerOf(request), request.params.id, request.query.embed);
    });
  };

type Embed = z.output<typeof JobOfferEmbedQuery>['embed'];
