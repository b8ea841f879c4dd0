import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClientData, User } from '../types';
import { UserForm } from './user-form';
import { UserRow } from './user-row';

export interface UsersTableProps {
  users: User[];
  clientData: Map<number, ClientData> | undefined;
  viewerId: number | undefined;
  viewerIsAdmin: boolean;
  editingId: number | null;
  onEdit: (id: number | null) => void;
}

const COLUMNS = ['picture', 'firstName', 'lastName', 'role', 'email', 'actions'] as const;

/**
 * The users table (SPEC section 2): picture, firstName, lastName, role, email and actions. A row being edited
 * turns into the edit form. Each user is shown with their client-data record merged in (SPEC section 3).
 */
export function UsersTable({
  users,
  clientData,
  viewerId,
  viewerIsAdmin,
  editingId,
  onEdit,
}: UsersTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label={t('users.list')}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{t(`users.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((wireUser) => {
            const record = clientData?.get(wireUser.id);
            const user = record ? { ...wireUser, sfId: record.sfId } : wireUser;
            return user.id === editingId ? (
              <Table.Tr key={user.id}>
                <Table.Td colSpan={COLUMNS.length}>
                  <UserForm
                    user={user}
                    asAdmin={viewerIsAdmin}
                    onCancel={() => onEdit(null)}
                    onSaved={() => onEdit(null)}
                  />
                </Table.Td>
              </Table.Tr>
            ) : (
              <UserRow
                key={user.id}
                user={user}
                viewerId={viewerId}
                viewerIsAdmin={viewerIsAdmin}
                onEdit={() => onEdit(user.id)}
              />
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
