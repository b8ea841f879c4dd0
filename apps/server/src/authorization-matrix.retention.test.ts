import { RETENTION_ROWS } from './test/authorization-matrix/retention.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of retention; authorization-matrix.test.ts checks every route has one.
checkRows('retention', RETENTION_ROWS);
