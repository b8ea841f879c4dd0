import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Maintenance } from '../store/app-store';
import { Logo } from '../widgets/logo/logo';
import { formatMaintenanceEnd } from './maintenance-end';

/** Shown instead of every protected route while the server answers 503 maintenance (SPEC section 2). */
export function MaintenanceScreen({
  maintenance,
  onReload,
}: {
  maintenance: Maintenance;
  onReload?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const end = formatMaintenanceEnd(maintenance.breakAt, maintenance.duration, i18n.resolvedLanguage ?? 'en');
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" maw={520}>
        <Stack align="center" gap="md">
          <Logo size={56} />
          <Title order={1} size="h2" ta="center">
            {t('maintenance.title')}
          </Title>
          <Text ta="center">{t('maintenance.expectedBack', { end })}</Text>
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={onReload ?? (() => window.location.reload())}
          >
            {t('maintenance.reload')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
