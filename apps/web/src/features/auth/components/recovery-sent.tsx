import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mode 2: the recovery email was sent. */
export function RecoverySent({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text role="status">{t('auth.recoverySent')}</Text>
      <Anchor
        href="/login"
        size="sm"
        ta="center"
        onClick={(event) => {
          event.preventDefault();
          onBack();
        }}
      >
        {t('auth.goBack')}
      </Anchor>
    </Stack>
  );
}
