import {
  Id,
  JobOffer,
  JobOfferEmbedQuery,
  JobOfferInput,
  JobOfferListQuery,
  JobOfferPatch,
  JobOfferTagParams,
  listOf,
} from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { presentJobOffer } from './job-offer.presenter.ts';
import { findJobOffer, listJobOffers } from './job-offers.queries.ts';
import {
  attachTag,
  createJobOffer,
  deleteJobOffer,
  detachTag,
  updateJobOffer,
} from './job-offers.service.ts';

const params = z.object({ id: Id });
const tags = ['job offers'];

/** Job offers (SPEC section 7): index, one offer, create, update, delete, and tag attach/detach. */
export const jobOffersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /** One offer the caller sees, as presented; 404 when missing, another licence's, or hidden. */
    const presentOne = async (caller: Caller, id: number, embed: JobOfferQuery['embed']) => {
      const row = await findJobOffer(deps.db, caller, id);
      if (!row) throw notFound('Job offer');
      return presentJobOffer(row, embed);
    };

    app.get(
      '/job_offers',
      { schema: { tags, querystring: JobOfferListQuery, response: { 200: listOf(JobOffer) } } },
      async (request, reply) => {
        const { query, caller } = request;
        const filters = {
          search: query.filters?.search || undefined,
          ownedByMe: query.filters?.owned_by_me,
          archived: query.filters?.archived,
        };
        const { rows, total } = await listJobOffers(deps.db, caller, filters, pageWindow(query));
        const data = rows.map((row) => presentJobOffer(row, query.embed));
        return sendPage(request, reply, query, data, total);
      },
    );

    app.get(
      '/job_offers/:id',
      { schema: { tags, params, querystring: JobOfferEmbedQuery, response: { 200: JobOffer } } },
      async (request) => presentOne(request.caller, request.params.id, request.query.embed),
    );

    app.post(
      '/job_offers',
      { schema: { tags, querystring: JobOfferEmbedQuery, body: JobOfferInput, response: { 201: JobOffer } } },
      async (request, reply) => {
        const id = await createJobOffer(deps.db, request.caller, request.body.job_offer);
        return reply.code(201).send(await presentOne(request.caller, id, request.query.embed));
      },
    );

    app.patch(
      '/job_offers/:id',
      {
        schema: {
          tags,
          params,
          querystring: JobOfferEmbedQuery,
          body: JobOfferPatch,
          response: { 200: JobOffer },
        },
      },
      async (request) => {
        await updateJobOffer(deps.db, request.caller, request.params.id, request.body.job_offer);
        return presentOne(request.caller, request.params.id, request.query.embed);
      },
    );

    app.delete(
      '/job_offers/:id',
      { schema: { tags, params, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteJobOffer(deps.db, request.caller, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/job_offers/:id/tags/:tagId',
      {
        schema: {
          tags,
          params: JobOfferTagParams,
          querystring: JobOfferEmbedQuery,
          response: { 200: JobOffer },
        },
      },
      async (request) => {
        await attachTag(deps.db, request.caller, request.params.id, request.params.tagId);
        return presentOne(request.caller, request.params.id, request.query.embed);
      },
    );

    app.delete(
      '/job_offers/:id/tags/:tagId',
      {
        schema: {
          tags,
          params: JobOfferTagParams,
          querystring: JobOfferEmbedQuery,
          response: { 200: JobOffer },
        },
      },
      async (request) => {
        await detachTag(deps.db, request.caller, request.params.id, request.params.tagId);
        return presentOne(request.caller, request.params.id, request.query.embed);
      },
    );
  };

type JobOfferQuery = z.infer<typeof JobOfferEmbedQuery>;
