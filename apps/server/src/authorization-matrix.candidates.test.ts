import { CANDIDATE_ROWS } from './test/authorization-matrix/candidates.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of candidates, their contacts and tags, applications; authorization-matrix.test.ts checks every route has one.
checkRows('candidates', CANDIDATE_ROWS);
