import { PRIVACY_ROWS } from './test/authorization-matrix/privacy.ts';
import { checkRows } from './test/authorization-matrix/world.ts';

checkRows('privacy (data export, requests from the person)', PRIVACY_ROWS);
