import { CANDIDATE_DRAFT_ROWS } from './test/authorization-matrix/candidate-drafts.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of creating candidates from CVs; authorization-matrix.test.ts checks every route has one.
checkRows('candidates from CVs', CANDIDATE_DRAFT_ROWS);
