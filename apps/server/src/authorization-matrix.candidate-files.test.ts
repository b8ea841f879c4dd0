import { CANDIDATE_FILE_ROWS } from './test/authorization-matrix/candidate-files.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of candidates' files; authorization-matrix.test.ts checks every route has one.
checkRows("candidates' files", CANDIDATE_FILE_ROWS);
