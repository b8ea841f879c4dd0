import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { registerNamedList } from '../../http/named-list-routes.ts';
import { companyService } from './companies.service.ts';

/** Companies (SPEC section 7: GET and POST /companies; PATCH /companies/{id}): a named list. */
export const companiesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    registerNamedList(app, deps.db, routes.companies, companyService);
  };
