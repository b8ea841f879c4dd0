import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { mentionMailJob } from './mention-mail.job.ts';
import { candidateExists, listNotes } from './notes.queries.ts';
import { createNote, deleteNote, type NotesDeps, updateNote } from './notes.service.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.ts';
import { listRejectionReasons, saveRejectionReasons } from './rejection-reasons.service.ts';
import { candidateTimeline } from './timeline.queries.ts';

/**
 * A candidate's activity (issue 21, decision 171): the timeline, notes, the caller's notifications and the
 * licence's rejection reasons.
 */
export const activityRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The same kind app.ts registers (same name and payload): only its name and payload are used to queue.
    const notes: NotesDeps = {
      db: deps.db,
      mentionJob: mentionMailJob({ mailer: deps.mailer, publicUrl: deps.publicUrl }),
      wake: () => deps.jobs.wake(),
    };

    register(app, routes.activity.timeline, async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      if (!(await candidateExists(deps.db, caller, id))) throw notFound('Candidate');
      const { before, kind, job_application_id, per_page } = request.query;
      return candidateTimeline(deps.db, caller, id, {
        before,
        kinds: kind,
        jobApplicationId: job_application_id,
        perPage: per_page,
      });
    });

    register(app, routes.notes.list, async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      if (!(await candidateExists(deps.db, caller, id))) throw notFound('Candidate');
      const { query } = request;
      const { rows, total } = await listNotes(deps.db, caller, id, {
        ...pageWindow(query),
        jobApplicationId: query.job_application_id,
      });
      return sendPage(request, reply, query, rows, total);
    });

    register(app, routes.notes.create, async (request, reply) => {
      const note = await createNote(notes, callerOf(request), request.params.id, request.body);
      return reply.code(201).send(note);
    });

    register(app, routes.notes.update, async (request) =>
      updateNote(notes, callerOf(request), request.params.id, request.body.content),
    );

    register(app, routes.notes.remove, async (request, reply) => {
      await deleteNote(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });

    register(app, routes.notifications.list, async (request, reply) => {
      const { query } = request;
      const page = await listNotifications(deps.db, callerOf(request), {
        ...pageWindow(query),
        unread: query.unread,
      });
      reply.header('X-Total-Count', String(page.total_count));
      return page;
    });

    register(app, routes.notifications.read, async (request) =>
      markNotificationRead(deps.db, callerOf(request), request.params.id),
    );

    register(app, routes.notifications.readAll, async (request) =>
      markAllNotificationsRead(deps.db, callerOf(request)),
    );

    register(app, routes.rejectionReasons.list, async (request) => ({
      data: await listRejectionReasons(deps.db, callerOf(request)),
    }));

    register(app, routes.rejectionReasons.save, async (request) => ({
      data: await saveRejectionReasons(deps.db, callerOf(request), request.body.reasons),
    }));
  };
