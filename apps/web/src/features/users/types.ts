import type { ClientData as WireClientData, User as WireUser } from '@vivier/contract';
import type { Camelize } from '../../shared/api/case';

/** A user of the licence as the users screen shows them (SPEC section 3). */
export type User = Camelize<WireUser>;
/** A user's client-data record (docs/decisions/091-client-data.md), merged into the user for display. */
export type ClientData = Camelize<WireClientData>;

/** SPEC section 9: the users list pages by 10. */
export const USERS_PER_PAGE = 10;

export interface UsersListParams {
  page: number;
  search: string;
}
