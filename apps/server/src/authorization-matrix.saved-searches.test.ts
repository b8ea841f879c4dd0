import { SAVED_SEARCH_ROWS } from './test/authorization-matrix/saved-searches.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of saved searches; authorization-matrix.test.ts checks every route has one.
checkRows('saved searches', SAVED_SEARCH_ROWS);
