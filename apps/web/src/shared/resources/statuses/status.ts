import type { Status as WireStatus } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A pipeline status of the licence (SPEC section 3), as the app sees it. */
export type Status = Camelize<WireStatus>;

export const statusKeys = { all: ['statuses'] as const };
