import type { UsersListParams } from '../types';

/** Every key starts with 'users', so a write refreshes the pickers' list (shared/resources/users) too. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'screen'] as const,
  list: (params: UsersListParams) => ['users', 'screen', params] as const,
  clientData: () => ['users', 'client-data'] as const,
};
