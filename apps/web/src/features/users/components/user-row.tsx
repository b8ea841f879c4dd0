import { ActionIcon, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Role } from '@vivier/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/notifications/toast';
import { ConfirmPopover } from '../../../shared/widgets/confirm-popover/confirm-popover';
import { UserAvatar } from '../../../shared/widgets/user-avatar/user-avatar';
import { useDeleteUser } from '../api/delete-user';
import { useSetRole } from '../api/save-user';
import type { User } from '../types';
import { RoleConfirmModal } from './role-confirm-modal';

export interface UserRowProps {
  user: User;
  /** The signed-in user's id and whether they are an admin: what the row offers follows (SPEC section 6). */
  viewerId: number | undefined;
  viewerIsAdmin: boolean;
  onEdit: () => void;
}

export const displayName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

/**
 * One user in view mode (SPEC section 2): picture, first name, last name, role, email and actions. The role
 * column's checkbox says whether the user is an admin; it is disabled for a viewer who is not admin. An admin
 * edits and deletes anyone but deletes not themself; a user edits only themself.
 */
export function UserRow({ user, viewerId, viewerIsAdmin, onEdit }: UserRowProps) {
  const { t } = useTranslation();
  const setRole = useSetRole();
  const remove = useDeleteUser();
  const name = displayName(user);
  const isViewer = user.id === viewerId;
  // The role the checkbox asks for, until the person confirms or cancels: a role never changes on one click.
  const [asked, setAsked] = useState<Role | null>(null);
  const changeRole = async (role: Role) => {
    await setRole.mutateAsync({ id: user.id, role });
    showToast(t('users.roleChanged', { name, role: t(`users.roles.${role}`) }), 'success');
  };
  return (
    <Table.Tr>
      <Table.Td>
        <UserAvatar email={user.email} firstName={user.firstName} lastName={user.lastName} size={32} />
      </Table.Td>
      <Table.Td>{user.firstName}</Table.Td>
      <Table.Td>{user.lastName}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Checkbox
            aria-label={t('users.adminCheckbox', { name })}
            label={t(`users.roles.${user.role}`)}
            checked={user.role === 'admin'}
            disabled={!viewerIsAdmin || setRole.isPending}
            onChange={(event) => setAsked(event.currentTarget.checked ? 'admin' : 'user')}
          />
          {asked && (
            <RoleConfirmModal
              name={name}
              role={asked}
              onConfirm={() => changeRole(asked)}
              onClose={() => setAsked(null)}
            />
          )}
          {user.role === 'user' && (
            <Badge size="sm" variant="outline" color="gray.8" tt="none">
              {t(`users.levels.${user.level}`)}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {user.email}
          {isViewer && (
            <Text span size="xs" c="gray.8">
              {` (${t('users.you')})`}
            </Text>
          )}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {(viewerIsAdmin || isViewer) && (
            <ActionIcon variant="subtle" aria-label={t('users.edit', { name })} onClick={onEdit}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          )}
          {viewerIsAdmin && !isViewer && (
            <ConfirmPopover onConfirm={() => remove.mutateAsync(user.id)}>
              <ActionIcon variant="subtle" color="red.8" aria-label={t('users.delete', { name })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </ConfirmPopover>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
