import { API_TOKEN_ROWS } from './test/authorization-matrix/api-tokens.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of API tokens; authorization-matrix.test.ts checks every route has one.
checkRows('api tokens', API_TOKEN_ROWS);
