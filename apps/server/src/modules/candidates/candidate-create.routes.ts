import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { presentCandidate } from './candidate.presenter.ts';
import { createCandidate } from './candidate-create.service.ts';
import { findCandidate } from './candidates.queries.ts';

/** POST /candidates: the 'New candidate' form (beyond SPEC section 7: the database needs a way in). */
export const candidateCreateRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.candidates.create, async (request, reply) => {
      const caller = callerOf(request);
      const input = request.body.candidate;
      const id = await createCandidate(deps.db, caller, {
        firstName: input.first_name,
        lastName: input.last_name,
        title: input.title,
        company: input.company,
        linkedinUrl: input.linkedin_url,
        emails: input.emails,
        phones: input.phones,
        tagIds: input.tag_ids,
      });
      const row = await findCandidate(deps.db, caller.licenceId, id);
      if (!row) throw notFound('Candidate');
      return reply.code(201).send(presentCandidate(row));
    });
  };
