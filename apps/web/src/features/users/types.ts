export type { ClientData, LicenceUser as User } from '../../shared/resources/users/licence-user';

/** SPEC section 9: the users list pages by 10. */
export const USERS_PER_PAGE = 10;

export interface UsersListParams {
  page: number;
  search: string;
}
