import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../shared/resources/users/get-me';
import { Paginator } from '../../shared/widgets/paginator/paginator';
import { useStepBackPastLastPage } from '../../shared/widgets/paginator/use-step-back';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { SearchHeader } from '../../shared/widgets/search-header/search-header';
import { useClientData } from './api/get-client-data';
import { useUsers } from './api/get-users';
import { useTypingSearch } from './components/use-typing-search';
import { UserForm } from './components/user-form';
import { UsersTable } from './components/users-table';
import { registerUsersTexts } from './i18n';
import { USERS_PER_PAGE } from './types';

registerUsersTexts();

/**
 * Users screen (/users), SPEC section 2: header 'Users' with the 'user(s)' badge, search and add button; the
 * create form above the table; rows that turn into edit forms; a loading indicator while loading or typing.
 * Users and their client data load when the screen opens.
 */
export function UsersScreen() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const viewerIsAdmin = viewer.role === 'admin';
  const [page, setPage] = useState(1);
  // A new search starts from page 1 (SPEC section 4, "Lists").
  const search = useTypingSearch(() => setPage(1));
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const users = useUsers({ page, search: search.search });
  const clientData = useClientData();
  const totalCount = users.data?.totalCount;
  const totalPages = Math.ceil((totalCount ?? 0) / USERS_PER_PAGE);

  // A page emptied by a delete steps back to the last page that has users.
  useStepBackPastLastPage(users, page, totalPages, setPage);

  const loading = users.isFetching || clientData.isFetching || search.typing;
  return (
    <>
      <ScreenTitle>{t('screens.users')}</ScreenTitle>
      <Stack gap="md">
        <SearchHeader
          value={search.text}
          onChange={search.onChange}
          count={totalCount}
          countLabel={t('users.count')}
          onAdd={viewerIsAdmin ? () => setCreating(true) : undefined}
          addLabel={t('users.add')}
        />
        {loading && (
          <Center>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {creating && viewerIsAdmin && (
          <UserForm asAdmin onCancel={() => setCreating(false)} onSaved={() => setCreating(false)} />
        )}
        {users.data && users.data.data.length === 0 && (
          <Text c="gray.8" ta="center" py="xl">
            {t('users.empty')}
          </Text>
        )}
        {users.data && users.data.data.length > 0 && (
          <UsersTable
            users={users.data.data}
            clientData={clientData.data}
            viewerId={viewer.id}
            viewerIsAdmin={viewerIsAdmin}
            editingId={editingId}
            onEdit={setEditingId}
          />
        )}
        <Paginator page={page} totalPages={totalPages} onChange={setPage} />
      </Stack>
    </>
  );
}
