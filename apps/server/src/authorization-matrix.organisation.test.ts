import { ORGANISATION_ROWS } from './test/authorization-matrix/organisation.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of users, the licence and its settings, statuses, tags, companies, templates; authorization-matrix.test.ts checks every route has one.
checkRows('organisation', ORGANISATION_ROWS);
