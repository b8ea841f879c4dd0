import { SettingList } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { listGlobalSettings } from './global-settings.ts';

/** The settings service (SPEC section 7: GET /settings). Any signed-in user reads them: the rules shape the UI. */
export const settingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings',
      { schema: { tags: ['settings'], response: { 200: SettingList } } },
      async (request) => ({
        data: await listGlobalSettings(deps.db, request.caller.licenceId),
        received_at: new Date().toISOString(),
      }),
    );
  };
