import type { ClientData as WireClientData, User as WireUser } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A user of the caller's licence (SPEC section 3): the users screen's rows, the pickers' options, the caller. */
export type LicenceUser = Camelize<WireUser>;
/** A user's client-data record (docs/decisions/091-client-data.md), merged into the user for display. */
export type ClientData = Camelize<WireClientData>;

/** Every key starts with 'users', so a write on the users screen refreshes the pickers' list and the caller. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'screen'] as const,
  /** One page of the users screen. */
  list: (params: object) => [...userKeys.lists(), params] as const,
  clientData: () => [...userKeys.all, 'client-data'] as const,
  /** Every user of the licence, for pickers. */
  licence: () => [...userKeys.all, 'licence'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};
