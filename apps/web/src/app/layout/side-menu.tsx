import { AppShell, Divider, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LicenceWidget } from '../../features/licence/components/licence-widget';
import { config } from '../../shared/config';
import { Logo } from '../../shared/widgets/logo/logo';
import { LanguagePicker } from './language-picker';
import { NavLinks } from './nav-links';

// The bell (issue 21) loads after the first page: it is not part of any screen's first paint (decision 084).
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** The side menu: logo, licence widget, links, version label 3.4.2 (SPEC section 2). */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <AppShell.Section p="md">
        <Group justify="space-between" wrap="nowrap">
          <Logo withName />
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        </Group>
      </AppShell.Section>
      <AppShell.Section px="md" pb="md">
        <LicenceWidget />
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow p="xs">
        <NavLinks onNavigate={onNavigate} />
      </AppShell.Section>
      <Divider />
      <AppShell.Section p="md">
        <Stack gap="xs">
          <LanguagePicker />
          <Text size="xs" c="gray.7">
            {t('nav.version', { version: config.version })}
          </Text>
        </Stack>
      </AppShell.Section>
    </>
  );
}
