import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ModeLink } from './auth-parts';

/** Mode 2: the recovery email was sent. */
export function RecoverySent({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text role="status">{t('auth.recoverySent')}</Text>
      <ModeLink href="/login" onClick={onBack}>
        {t('auth.goBack')}
      </ModeLink>
    </Stack>
  );
}
