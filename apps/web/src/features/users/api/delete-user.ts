import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { invalidatingMutation } from '../../../shared/api/query-client';
import { callSilently } from '../../../shared/api/silent-failure';
import { userKeys } from '../../../shared/resources/users/licence-user';

/** DELETE /users/{id}; a failure on the users screen is silent, console only (SPEC section 8). */
export const deleteUser = (id: number): Promise<void> =>
  callSilently(routes.users.remove, { params: { id } });

export const useDeleteUser = () => useMutation(invalidatingMutation(deleteUser, userKeys.all));
