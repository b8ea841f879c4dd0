import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Level, Role } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { callOrToast, withErrorToast } from '../../../shared/api/notify-error';
import { invalidatingMutation, refetchAfterWrite } from '../../../shared/api/query-client';
import { i18n } from '../../../shared/i18n/i18n';
import { userKeys } from '../../../shared/resources/users/licence-user';
import type { User } from '../types';

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

/** What a user may change of themself. SPEC section 5: an empty password is dropped from the payload. */
function ownFields(draft: UserDraft) {
  const password = draft.password === '' ? {} : { password: draft.password };
  const current = draft.currentPassword === '' ? {} : { currentPassword: draft.currentPassword };
  return { firstName: draft.firstName, lastName: draft.lastName, ...password, ...current };
}

/** Everything an admin sets (creating a user is an admin's, SPEC section 6). */
const adminFields = (draft: UserDraft) => ({
  ...ownFields(draft),
  email: draft.email,
  role: draft.role,
  level: draft.level,
});

/**
 * POST /users or PATCH /users/{id}, then the Salesforce ID through the client-data service, PUT
 * /client_data/{id} (SPEC section 7). A failure toasts 'The user could not be saved'.
 */
export const saveUser = (save: SaveUser): Promise<User> =>
  withErrorToast(async () => {
    const user =
      save.id === undefined
        ? await call(routes.users.create, { body: adminFields(save.draft) })
        : await call(routes.users.update, {
            params: { id: save.id },
            body: save.asAdmin ? adminFields(save.draft) : ownFields(save.draft),
          });
    const sfId = save.draft.sfId.trim();
    if (save.asAdmin && sfId !== save.initialSfId.trim()) {
      const record = await call(routes.clientData.save, {
        params: { id: user.id },
        body: { sfId: sfId || null },
      });
      return { ...user, sfId: record.sfId };
    }
    return user;
  }, i18n.t('errors.userSave'));

export const useSaveUser = () => useMutation(invalidatingMutation(saveUser, userKeys.all));

/** PATCH /users/{id} `{role}`: the admin checkbox of the users table. */
export const setRole = ({ id, role }: { id: number; role: Role }): Promise<User> =>
  callOrToast(routes.users.update, { params: { id }, body: { role } }, 'errors.userSave');

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSettled: () => refetchAfterWrite(queryClient, { queryKey: userKeys.all }),
  });
}
