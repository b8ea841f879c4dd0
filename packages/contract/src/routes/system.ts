import { Health } from '../health.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** The instance itself. */
export const system = group(at.system, ['system'], {
  health: {
    responses: { 200: Health },
    errors: ['database_unavailable', 'shutting_down'],
    summary: 'Liveness with a database round trip (503 when unreachable or shutting down)',
  },
});
