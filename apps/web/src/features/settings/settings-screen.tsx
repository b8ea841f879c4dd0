import { Accordion } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../shared/resources/users/get-me';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { GlobalSettingsPanel } from './components/global-settings-panel';
import { RejectionReasonsPanel } from './components/rejection-reasons-panel';
import { TagManagementPanel } from './components/tag-management-panel';
import { UserSettingsPanel } from './components/user-settings-panel';

/**
 * Settings (/settings), SPEC section 2: an accordion. 'User settings' is open first and shown to everyone;
 * 'Global settings' and tag management are for admins only (SPEC section 6), and the server enforces it.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { role } = useViewer();
  const [opened, setOpened] = useState<string[]>(['user']);
  const isAdmin = role === 'admin';
  return (
    <>
      <ScreenTitle>{t('screens.settings')}</ScreenTitle>
      <Accordion multiple value={opened} onChange={setOpened} variant="separated" order={2}>
        <Accordion.Item value="user">
          <Accordion.Control>{t('settings.userSettings')}</Accordion.Control>
          <Accordion.Panel>
            <UserSettingsPanel />
          </Accordion.Panel>
        </Accordion.Item>
        {isAdmin && (
          <Accordion.Item value="global">
            <Accordion.Control>{t('settings.globalSettings')}</Accordion.Control>
            <Accordion.Panel>
              <GlobalSettingsPanel />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {isAdmin && (
          <Accordion.Item value="rejection-reasons">
            <Accordion.Control>{t('activity.reasons.title')}</Accordion.Control>
            <Accordion.Panel>
              <RejectionReasonsPanel opened={opened.includes('rejection-reasons')} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {isAdmin && (
          <Accordion.Item value="tags">
            <Accordion.Control>{t('settings.tagManagement')}</Accordion.Control>
            <Accordion.Panel>
              <TagManagementPanel opened={opened.includes('tags')} />
            </Accordion.Panel>
          </Accordion.Item>
        )}
      </Accordion>
    </>
  );
}
