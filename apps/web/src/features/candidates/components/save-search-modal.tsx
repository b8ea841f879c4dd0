import { Button, Group, Modal, Radio, Stack, Switch, TextInput } from '@mantine/core';
import {
  SAVED_SEARCH_ALERTS,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchAlert,
} from '@vivier/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/notifications/toast';
import {
  alertLanguageOf,
  registerSavedSearchTexts,
  savedSearchAlertLabels,
} from '../../../shared/resources/saved-searches/i18n';
import {
  type SavedSearchFields,
  useCreateSavedSearch,
} from '../../../shared/resources/saved-searches/saved-searches';

registerSavedSearchTexts();

/**
 * 'Save search' (issue 28, decisions 208 and 209): the screen's current search (its tag expression too) under
 * a name, the viewer's own or shared with the team, and whether it alerts its owner of new candidates; it then
 * appears under Candidates in the side menu.
 */
export function SaveSearchModal({
  query,
  onClose,
}: {
  query: SavedSearchFields['query'];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(query.search ?? '');
  const [shared, setShared] = useState(false);
  const [alert, setAlert] = useState<SavedSearchAlert>('off');
  const create = useCreateSavedSearch();
  return (
    <Modal opened onClose={onClose} title={t('savedSearches.saveTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            // The alert's mails are written in the language the owner sees now (decision 209).
            { name, shared, query, alert, alertLanguage: alertLanguageOf(i18n.resolvedLanguage) },
            {
              onSuccess: () => {
                showToast(t('savedSearches.saved'), 'success');
                onClose();
              },
            },
          );
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
          <Switch
            label={t('savedSearches.share')}
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          <Radio.Group
            label={t('savedSearches.alert')}
            description={t('savedSearches.alertHint')}
            value={alert}
            onChange={(value) => setAlert(value as SavedSearchAlert)}
          >
            <Group gap="md" mt={4}>
              {SAVED_SEARCH_ALERTS.map((value) => (
                <Radio key={value} value={value} label={t(savedSearchAlertLabels[value])} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('savedSearches.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={name.trim() === ''}>
              {t('savedSearches.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
