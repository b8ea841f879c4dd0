import { REPORT_ROWS } from './test/authorization-matrix/reports.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of the reports; authorization-matrix.test.ts checks every route has one.
checkRows('reports', REPORT_ROWS);
