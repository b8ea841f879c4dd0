import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { exportContentType, exportFileName, exportStream } from './export-file.ts';
import { countExport, exportRows } from './export-rows.queries.ts';
import { exportValues } from './export-values.ts';
import {
  changeExportedStatuses,
  exportedJobOffer,
  exportFormatFor,
  recordExport,
} from './job-offer-export.service.ts';

/**
 * Export a job offer (SPEC sections 2, 4, 7 and 9), and the status change that may follow it. The exact
 * methods and paths are not in the spec: docs/decisions/070-export-and-status-change.md.
 */
export const jobOfferExportRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.jobOffers.export, async (request, reply) => {
      const caller = callerOf(request);
      const offer = await exportedJobOffer(deps.db, caller, request.params.id);
      const format = await exportFormatFor(deps.db, caller, request.query.format);
      const selection = {
        licenceId: caller.licenceId,
        jobOfferId: offer.id,
        statusIds: request.query.statuses,
      };
      const { count, lastId } = await countExport(deps.db, selection);
      await recordExport(deps.db, caller, selection, { rows: count, format });
      const fileName = exportFileName(offer, format, new Date());
      async function* values() {
        for await (const batch of exportRows(deps.db, selection, lastId)) {
          yield batch.map((row) => exportValues(row, offer.name, format));
        }
      }
      return reply
        .header('Content-Type', exportContentType(format))
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('X-Total-Count', String(count))
        .header('X-Export-Format', format)
        .header('Cache-Control', 'no-store')
        .send(exportStream(values(), format));
    });

    register(app, routes.jobOffers.exportStatusChange, async (request) => {
      const updated = await changeExportedStatuses(deps.db, callerOf(request), request.params.id, {
        statusId: request.body.status_id,
        fromStatuses: request.body.statuses,
        rejection: request.body.rejection,
      });
      return { updated_count: updated };
    });
  };
