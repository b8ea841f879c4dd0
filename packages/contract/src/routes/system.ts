import { Health } from '../health.ts';
import { addresses as at } from './addresses.ts';
import { route } from './route.ts';

/** The instance itself. */
export const system = {
  health: route(at.system.health, {
    responses: { 200: Health },
    errors: ['database_unavailable', 'shutting_down'],
    tags: ['system'],
    summary: 'Liveness with a database round trip (503 when unreachable or shutting down)',
  }),
};
