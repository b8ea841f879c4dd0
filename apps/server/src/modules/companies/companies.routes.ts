import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { searchWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { listCompanies } from './companies.queries.ts';
import { createCompany, renameCompany } from './companies.service.ts';

/** Companies (SPEC section 7: GET and POST /companies; PATCH /companies/{id}). */
export const companiesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.companies.list, async (request, reply) => {
      const { rows, total } = await listCompanies(deps.db, callerOf(request), searchWindow(request.query));
      return sendPage(request, reply, request.query, rows, total);
    });

    register(app, routes.companies.create, async (request, reply) => {
      const { company, created } = await createCompany(deps.db, callerOf(request), request.body.name);
      return reply.code(created ? 201 : 200).send(company);
    });

    register(app, routes.companies.rename, async (request) =>
      renameCompany(deps.db, callerOf(request), request.params.id, request.body.name),
    );
  };
