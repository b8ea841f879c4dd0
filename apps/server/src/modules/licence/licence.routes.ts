import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { findLicence, licenceStats, licenceUsersWithCredits } from './licence.queries.ts';

/** The licence service (SPEC section 7: GET /license, /license/users, /license/stats). */
export const licenceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.licence.get, async (request) => {
      const licence = await findLicence(deps.db, callerOf(request).licenceId);
      if (!licence) throw notFound('License');
      // Where the recruiting data lives: the operator's URL for this licence, else `/api` on the page's own
      // origin. Relative, so the app works under every name the server answers to (127.0.0.1, localhost, a
      // LAN address, a proxy) within the page's CSP `connect-src 'self'` (issue 18 section 1, decision 140).
      const apiUrl = licence.apiUrl ?? '/api';
      return {
        id: licence.id,
        name: licence.name,
        api_url: apiUrl,
        credits_max: licence.creditsMax,
        credits_used: licence.creditsUsed,
        plan_type: licence.planType,
        renew_period: licence.renewPeriod,
      };
    });

    register(app, routes.licence.users, async (request) => ({
      data: await licenceUsersWithCredits(deps.db, callerOf(request).licenceId),
    }));

    register(app, routes.licence.stats, async (request) => {
      const licence = await findLicence(deps.db, callerOf(request).licenceId);
      if (!licence) throw notFound('License');
      const { byUser, byPeriod } = await licenceStats(deps.db, licence.id);
      return {
        credits_max: licence.creditsMax,
        credits_used: licence.creditsUsed,
        credits_left: Math.max(0, licence.creditsMax - licence.creditsUsed),
        by_user: byUser,
        by_period: byPeriod,
      };
    });
  };
