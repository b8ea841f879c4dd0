import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { runReport } from './reports.queries.ts';

/**
 * The reports (issue 26, decision 201): every user of the licence reads them (the read-only level too), over
 * the offers the job offer policy lets them see; each answers from `report_facts` in one or two statements.
 */
export const reportRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const r = routes.reports;
    register(app, r.funnel, async (req) => runReport(deps.db, callerOf(req), 'funnel', req.query));
    register(app, r.timeInStage, async (req) =>
      runReport(deps.db, callerOf(req), 'time_in_stage', req.query),
    );
    register(app, r.velocity, async (req) => runReport(deps.db, callerOf(req), 'velocity', req.query));
    register(app, r.sources, async (req) => runReport(deps.db, callerOf(req), 'sources', req.query));
    register(app, r.rejectionReasons, async (req) =>
      runReport(deps.db, callerOf(req), 'rejection_reasons', req.query),
    );
    register(app, r.teamActivity, async (req) =>
      runReport(deps.db, callerOf(req), 'team_activity', req.query),
    );
  };
