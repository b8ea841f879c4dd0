import { ACTIVITY_ROWS } from './test/authorization-matrix/activity.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of candidate activity; authorization-matrix.test.ts checks every route has one.
checkRows('candidate activity', ACTIVITY_ROWS);
