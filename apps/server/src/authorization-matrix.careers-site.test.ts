import { CAREERS_SITE_ROWS } from './test/authorization-matrix/careers-site.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of the careers site settings; authorization-matrix.test.ts checks every route has one.
checkRows('careers site', CAREERS_SITE_ROWS);
