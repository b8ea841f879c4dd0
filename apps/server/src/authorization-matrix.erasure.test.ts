import { ERASURE_ROWS } from './test/authorization-matrix/erasure.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of erasure; authorization-matrix.test.ts checks every route has one.
checkRows('erasure', ERASURE_ROWS);
