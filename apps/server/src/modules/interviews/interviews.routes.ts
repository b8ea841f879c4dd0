import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { presentInterview, presentWeekInterview } from './interview.presenter.ts';
import {
  applicationInterviews,
  cancelInterview,
  type InterviewJobs,
  rescheduleInterview,
  scheduleInterview,
  weekInterviews,
} from './interviews.service.ts';
import { interviewScorecards, listCriteria, saveCriteria, submitScorecard } from './scorecards.service.ts';

/**
 * Interviews (issue 27, decision 202): scheduled on an application, changed, cancelled (each change mails the
 * calendar invitation and queue the reminders through `jobs`), rated on scorecards, and listed for the week view.
 */
export const interviewsRoutes =
  (deps: Deps, jobs: InterviewJobs): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.interviews.listOfApplication, async (request) => ({
      data: (await applicationInterviews(deps.db, callerOf(request), request.params.id)).map(
        presentInterview,
      ),
    }));

    register(app, routes.interviews.schedule, async (request, reply) => {
      const row = await scheduleInterview(deps.db, callerOf(request), request.params.id, request.body, jobs);
      return reply.code(201).send(presentInterview(row));
    });

    register(app, routes.interviews.week, async (request) => ({
      data: (await weekInterviews(deps.db, callerOf(request), request.query)).map(presentWeekInterview),
    }));

    register(app, routes.interviews.reschedule, async (request) =>
      presentInterview(
        await rescheduleInterview(deps.db, callerOf(request), request.params.id, request.body, jobs),
      ),
    );

    register(app, routes.interviews.cancel, async (request) =>
      presentInterview(await cancelInterview(deps.db, callerOf(request), request.params.id, jobs)),
    );

    register(app, routes.interviews.scorecards, async (request) =>
      interviewScorecards(deps.db, callerOf(request), request.params.id),
    );

    register(app, routes.interviews.submitScorecard, async (request) =>
      submitScorecard(deps.db, callerOf(request), request.params.id, request.body),
    );

    register(app, routes.interviews.criteria, async (request) => ({
      data: await listCriteria(deps.db, callerOf(request), request.params.id),
    }));

    register(app, routes.interviews.saveCriteria, async (request) => ({
      data: await saveCriteria(deps.db, callerOf(request), request.params.id, request.body),
    }));
  };
