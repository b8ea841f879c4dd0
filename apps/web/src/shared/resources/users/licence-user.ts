import type { User as WireUser } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A user of the caller's licence, as pickers show them. */
export type LicenceUser = Camelize<WireUser>;

export const licenceUserKeys = { all: ['users', 'licence'] as const };
