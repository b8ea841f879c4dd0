import { WEBHOOK_ROWS } from './test/authorization-matrix/webhooks.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of webhooks; authorization-matrix.test.ts checks every route has one.
checkRows('webhooks', WEBHOOK_ROWS);
