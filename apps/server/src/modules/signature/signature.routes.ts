import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { providerTokenOf } from './provider-token.ts';
import { resolveSignature, saveSignature } from './signature.service.ts';

/**
 * The caller's email signature (SPEC section 7, the signature call; section 2, Settings). The mail provider is
 * reached by the server, not the browser: its address is configuration (`GMAIL_API_URL`) and the page's CSP
 * allows no other origin.
 */
export const signatureRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.signature.get, async (request) =>
      resolveSignature(
        { db: deps.db, gmailApiUrl: deps.config.gmailApiUrl, log: request.log },
        callerOf(request),
        providerTokenOf(request),
      ),
    );

    register(app, routes.signature.save, async (request) =>
      saveSignature(deps.db, callerOf(request), request.body.value),
    );
  };
