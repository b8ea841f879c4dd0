import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NavLink,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconDots } from '@tabler/icons-react';
import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_NAME_MAX } from '@vivier/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  alertLanguageOf,
  registerSavedSearchTexts,
  savedSearchAlertLabels,
} from '../../shared/resources/saved-searches/i18n';
import {
  type SavedSearch,
  savedSearchPath,
  useOpenSavedSearch,
  useRemoveSavedSearch,
  useSavedSearches,
  useUpdateSavedSearch,
} from '../../shared/resources/saved-searches/saved-searches';
import { useViewer } from '../../shared/resources/users/get-me';

registerSavedSearchTexts();

type Editing = { kind: 'rename' | 'delete'; search: SavedSearch } | undefined;

function NewMatches({ search }: { search: SavedSearch }) {
  const { t } = useTranslation();
  if (search.newMatches === 0) return null;
  const label = search.newMatchesCapped
    ? t('savedSearches.newMatchesCapped', { count: search.newMatches })
    : String(search.newMatches);
  return (
    <Badge size="sm" circle={!search.newMatchesCapped} color="indigo.9">
      <span aria-hidden>{label}</span>
      <VisuallyHidden>{t('savedSearches.newMatches', { count: search.newMatches })}</VisuallyHidden>
    </Badge>
  );
}

/**
 * The saved searches under the side menu's Candidates entry (issue 28, decision 208): each with its new
 * matches since the viewer last opened it; opening one shows the candidates screen with its search in the
 * address and starts its count again. Its owner renames, shares and deletes it; an admin deletes a shared one.
 */
export function SavedSearchesNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const location = useLocation();
  const list = useSavedSearches();
  const open = useOpenSavedSearch();
  const update = useUpdateSavedSearch();
  const remove = useRemoveSavedSearch();
  const [editing, setEditing] = useState<Editing>();
  const [name, setName] = useState('');
  const searches = list.data ?? [];
  if (searches.length === 0) return null;
  const here = `${location.pathname}${location.search}`;
  const close = () => setEditing(undefined);

  return (
    <>
      <Stack
        gap={0}
        pl="lg"
        component="ul"
        aria-label={t('savedSearches.list')}
        style={{ listStyle: 'none', margin: 0 }}
      >
        {searches.map((search) => {
          const path = savedSearchPath(search);
          const mayDelete = search.mine || (search.shared && viewer.role === 'admin');
          return (
            <Group component="li" key={search.id} gap={0} wrap="nowrap">
              <NavLink
                component={Link}
                to={path}
                label={search.name}
                description={
                  search.mine ? undefined : t('savedSearches.sharedBy', { name: search.owner.name })
                }
                rightSection={<NewMatches search={search} />}
                active={here === path}
                onClick={() => {
                  open.mutate(search.id);
                  onNavigate?.();
                }}
                style={{ flex: 1 }}
              />
              {mayDelete && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('savedSearches.actions', { name: search.name })}
                    >
                      <IconDots size={16} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {search.mine && (
                      <>
                        <Menu.Item
                          onClick={() => {
                            setName(search.name);
                            setEditing({ kind: 'rename', search });
                          }}
                        >
                          {t('savedSearches.rename')}
                        </Menu.Item>
                        <Menu.Item onClick={() => update.mutate({ id: search.id, shared: !search.shared })}>
                          {search.shared ? t('savedSearches.makePrivate') : t('savedSearches.makeShared')}
                        </Menu.Item>
                        {/* The owner's alert (decision 209); its mails in the language shown now. */}
                        <Menu.Label>{t('savedSearches.alert')}</Menu.Label>
                        {SAVED_SEARCH_ALERTS.map((alert) => (
                          <Menu.Item
                            key={alert}
                            role="menuitemradio"
                            aria-checked={search.alert === alert}
                            leftSection={
                              <IconCheck
                                size={14}
                                aria-hidden
                                style={{ visibility: search.alert === alert ? 'visible' : 'hidden' }}
                              />
                            }
                            onClick={() =>
                              update.mutate({
                                id: search.id,
                                alert,
                                alertLanguage: alertLanguageOf(i18n.resolvedLanguage),
                              })
                            }
                          >
                            {t(savedSearchAlertLabels[alert])}
                          </Menu.Item>
                        ))}
                      </>
                    )}
                    <Menu.Item color="red" onClick={() => setEditing({ kind: 'delete', search })}>
                      {t('savedSearches.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          );
        })}
      </Stack>
      <Modal
        opened={editing !== undefined}
        onClose={close}
        title={editing?.kind === 'rename' ? t('savedSearches.renameTitle') : t('savedSearches.delete')}
      >
        {editing?.kind === 'rename' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate({ id: editing.search.id, name }, { onSuccess: close });
            }}
          >
            <Stack>
              <TextInput
                label={t('savedSearches.name')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={SAVED_SEARCH_NAME_MAX}
                required
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('savedSearches.cancel')}
                </Button>
                <Button type="submit" loading={update.isPending} disabled={name.trim() === ''}>
                  {t('savedSearches.confirm')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {editing?.kind === 'delete' && (
          <Stack>
            <Text>{t('savedSearches.deleteConfirm', { name: editing.search.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('savedSearches.cancel')}
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate(editing.search.id, { onSuccess: close })}
              >
                {t('savedSearches.delete')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
