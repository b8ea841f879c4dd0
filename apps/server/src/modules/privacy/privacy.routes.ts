import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { exportCandidateData } from './data-export.service.ts';
import { assertCanHandlePrivacy } from './privacy.policy.ts';
import { listPrivacyRequests } from './privacy-requests.queries.ts';
import { closeRequest } from './privacy-requests.service.ts';

/**
 * Access and portability, and the requests from the person (issue 24, decision 194): a candidate's data export
 * and the admins' queue of confirmed requests. Admins only, at a level that may write (privacy.policy.ts).
 */
export const privacyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const store = fileStoreFor(deps.config);

    register(app, routes.privacy.dataExport, async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const zip = await exportCandidateData({ db: deps.db, store }, caller, id, request.ip);
      request.raw.on('close', () => {
        if (!reply.raw.writableFinished) zip.abandon();
      });
      zip.start((error) => request.log.error({ err: error }, 'data export failed'));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="candidate-${id}-data.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    });

    register(app, routes.privacy.listRequests, async (request) => {
      const caller = callerOf(request);
      assertCanHandlePrivacy(caller);
      return { data: await listPrivacyRequests(deps.db, caller.licenceId, request.query.state) };
    });

    register(app, routes.privacy.closeRequest, async (request) =>
      closeRequest(deps.db, callerOf(request), request.params.id, request.ip),
    );
  };
