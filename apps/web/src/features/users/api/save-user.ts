import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Level, Role } from '@vivier/contract';
import { withErrorToast } from '../../../shared/api/notify-error';
import { mainService, usersService } from '../../../shared/api/services';
import { i18n } from '../../../shared/i18n/i18n';
import type { ClientData, User } from '../types';
import { userKeys } from './user-keys';

/** What the user form edits (SPEC section 2, "User edit form"). */
export interface UserDraft {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Asked when a person changes their own password or email (docs/decisions/135-reauthentication.md). */
  currentPassword: string;
  role: Role;
  level: Level;
  sfId: string;
}

export interface SaveUser {
  /** The user edited; left out, a user is created ("update when id present, else create": SPEC section 7). */
  id?: number;
  draft: UserDraft;
  /** The Salesforce ID the form started with: the client-data record is saved only when it changed. */
  initialSfId: string;
  /** An admin saves everything; a user editing themself sends only their names and password. */
  asAdmin: boolean;
}

function userFields({ draft, asAdmin }: SaveUser) {
  // SPEC section 5: an empty password is dropped from the payload (unchanged on edit, none on create).
  const password = draft.password === '' ? {} : { password: draft.password };
  const current = draft.currentPassword === '' ? {} : { currentPassword: draft.currentPassword };
  const names = { firstName: draft.firstName, lastName: draft.lastName, ...password, ...current };
  return asAdmin ? { ...names, email: draft.email, role: draft.role, level: draft.level } : names;
}

/**
 * POST /users or PATCH /users/{id}, then the Salesforce ID through the client-data service, PUT
 * /client_data/{id} (SPEC section 7). A failure toasts 'The user could not be saved'.
 */
export const saveUser = (save: SaveUser): Promise<User> =>
  withErrorToast(async () => {
    const fields = userFields(save);
    const user =
      save.id === undefined
        ? await usersService.post<User>('/users', fields)
        : await usersService.patch<User>(`/users/${save.id}`, fields);
    const sfId = save.draft.sfId.trim();
    if (save.asAdmin && sfId !== save.initialSfId.trim()) {
      const record = await mainService.put<ClientData>(`/client_data/${user.id}`, { sfId: sfId || null });
      return { ...user, sfId: record.sfId };
    }
    return user;
  }, i18n.t('errors.userSave'));

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PATCH /users/{id} `{role}`: the admin checkbox of the users table. */
export const setRole = ({ id, role }: { id: number; role: Role }): Promise<User> =>
  withErrorToast(() => usersService.patch<User>(`/users/${id}`, { role }), i18n.t('errors.userSave'));

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
