import { INTERVIEW_ROWS } from './test/authorization-matrix/interviews.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of interviews; authorization-matrix.test.ts checks every route has one.
checkRows('interviews', INTERVIEW_ROWS);
