import { JOB_OFFER_ROWS } from './test/authorization-matrix/job-offers.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

// The rows of job offers, their pipelines, copies, exports, sending; authorization-matrix.test.ts checks every route has one.
checkRows('job offers', JOB_OFFER_ROWS);
