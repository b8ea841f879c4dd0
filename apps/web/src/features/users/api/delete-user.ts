import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withSilentFailure } from '../../../shared/api/silent-failure';
import { userKeys } from '../../../shared/resources/users/licence-user';

/** DELETE /users/{id}; a failure on the users screen is silent, console only (SPEC section 8). */
export const deleteUser = (id: number): Promise<void> =>
  withSilentFailure(() => call(routes.users.remove, { params: { id } }));

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
