import { type AuditExportQuery, routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { assertCanReadAuditLog } from './audit.policy.ts';
import { presentAuditEntry } from './audit.presenter.ts';
import { type AuditFilter, auditBatches, auditPage } from './audit.queries.ts';
import { auditCsvStream } from './audit-csv.ts';

type Filters = z.output<typeof AuditExportQuery>;

/** The contract's filters as the queries take them; a date alone means its midnight, UTC. */
const filterOf = (query: Filters): AuditFilter => ({
  action: query.action,
  actorId: query.actor_id,
  target:
    query.target_kind !== undefined && query.target_id !== undefined
      ? { kind: query.target_kind, id: query.target_id }
      : undefined,
  from: query.from ? new Date(query.from) : undefined,
  to: query.to ? new Date(query.to) : undefined,
});

/**
 * The audit log's admin screen (issue 24, decision 192): a filtered page, newest first, and the same list as a
 * CSV file. Read-only: no route of the app changes or deletes an entry.
 */
export const auditRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.audit.list, async (request) => {
      const caller = callerOf(request);
      assertCanReadAuditLog(caller);
      const { before, per_page: perPage } = request.query;
      const page = await auditPage(deps.db, caller.licenceId, filterOf(request.query), { before, perPage });
      return { data: page.rows.map(presentAuditEntry), next_before: page.nextBefore };
    });

    register(app, routes.audit.export, async (request, reply) => {
      const caller = callerOf(request);
      assertCanReadAuditLog(caller);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log_${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(auditCsvStream(auditBatches(deps.db, caller.licenceId, filterOf(request.query))));
    });
  };
