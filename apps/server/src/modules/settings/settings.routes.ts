import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { listGlobalSettings } from './global-settings.ts';
import { updateSetting } from './settings.service.ts';

/**
 * The settings service (SPEC section 7: GET /settings; PATCH /settings/{id}). Any signed-in user reads them, as
 * the rules shape the UI; admins change them (setting.policy.ts).
 */
export const settingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.settings.list, async (request) => ({
      data: await listGlobalSettings(deps.db, callerOf(request).licenceId),
      received_at: new Date().toISOString(),
    }));

    register(app, routes.settings.update, async (request) =>
      updateSetting(deps.db, callerOf(request), request.params.id, request.body.value.type),
    );
  };
