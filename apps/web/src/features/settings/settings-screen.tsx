import { Accordion } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../shared/resources/users/get-me';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { ApiTokensPanel } from './components/api-tokens-panel';
import { CareersSitePanel } from './components/careers-site-panel';
import { GlobalSettingsPanel } from './components/global-settings-panel';
import { PrivacyRequestsPanel } from './components/privacy-requests-panel';
import { RejectionReasonsPanel } from './components/rejection-reasons-panel';
import { RetentionPanel } from './components/retention-panel';
import { TagManagementPanel } from './components/tag-management-panel';
import { UserSettingsPanel } from './components/user-settings-panel';
import { WebhooksPanel } from './components/webhooks-panel';
import { registerSettingsTexts } from './i18n';

registerSettingsTexts();

/**
 * Settings (/settings), SPEC section 2: an accordion. 'User settings' is open first and shown to everyone;
 * 'Global settings' and tag management are for admins only (SPEC section 6), and the server enforces it.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { role } = useViewer();
  const [opened, setOpened] = useState<string[]>(['user']);
  const isAdmin = role === 'admin';
  const panels = [
    { value: 'user', label: 'settings.userSettings', panel: <UserSettingsPanel /> },
    ...(isAdmin
      ? [
          { value: 'global', label: 'settings.globalSettings', panel: <GlobalSettingsPanel /> },
          {
            value: 'rejection-reasons',
            label: 'activity.reasons.title',
            panel: <RejectionReasonsPanel opened={opened.includes('rejection-reasons')} />,
          },
          {
            value: 'careers',
            label: 'settings.careers.title',
            panel: <CareersSitePanel opened={opened.includes('careers')} />,
          },
          {
            value: 'privacy-requests',
            label: 'privacy.requests',
            panel: <PrivacyRequestsPanel opened={opened.includes('privacy-requests')} />,
          },
          {
            value: 'retention',
            label: 'settings.retention.title',
            panel: <RetentionPanel opened={opened.includes('retention')} />,
          },
          {
            value: 'api-tokens',
            label: 'settings.apiTokens.title',
            panel: <ApiTokensPanel opened={opened.includes('api-tokens')} />,
          },
          {
            value: 'webhooks',
            label: 'settings.webhooks.title',
            panel: <WebhooksPanel opened={opened.includes('webhooks')} />,
          },
          {
            value: 'tags',
            label: 'settings.tagManagement',
            panel: <TagManagementPanel opened={opened.includes('tags')} />,
          },
        ]
      : []),
  ];
  return (
    <>
      <ScreenTitle>{t('screens.settings')}</ScreenTitle>
      <Accordion multiple value={opened} onChange={setOpened} variant="separated" order={2}>
        {panels.map(({ value, label, panel }) => (
          <Accordion.Item key={value} value={value}>
            <Accordion.Control>{t(label)}</Accordion.Control>
            <Accordion.Panel>{panel}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
