import { LOGO_MAX_BYTES, routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { filePart, registerFileUpload } from '../candidate-files/upload-multipart.ts';
import { removeLogo, uploadLogo } from './careers-logo.ts';
import { presentSite, saveSite } from './careers-site.service.ts';

/**
 * The licence's careers site settings (issue 23, decision 189): every user reads them, admins change them.
 * The public pages themselves are another scope's (modules/careers).
 */
export const careersSiteRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const store = fileStoreFor(deps.config);
    await registerFileUpload(app, LOGO_MAX_BYTES);

    register(app, routes.careersSite.get, async (request) =>
      presentSite(deps.db, callerOf(request).licenceId),
    );

    register(app, routes.careersSite.save, async (request) =>
      saveSite(deps.db, callerOf(request), request.body),
    );

    register(app, routes.careersSite.uploadLogo, async (request) =>
      uploadLogo(deps.db, store, callerOf(request), await filePart(request)),
    );

    register(app, routes.careersSite.removeLogo, async (request, reply) => {
      await removeLogo(deps.db, store, callerOf(request));
      return reply.code(204).send(null);
    });
  };
