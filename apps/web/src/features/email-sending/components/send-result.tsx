import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SendResult } from '../api/send-emails';

/** What a send did: how many left, how many could not, where the candidates moved, who was skipped. */
export function SendResultSummary({ result }: { result: SendResult }) {
  const { t } = useTranslation();
  const unnamed = (id: number) => t('emailSending.unnamed', { id });
  return (
    <Stack gap="xs" role="status">
      <Alert color="teal" title={t('emailSending.sent', { count: result.sent })}>
        {result.contactedStatus && result.sent > 0 && (
          <Text size="sm">{t('emailSending.moved', { status: result.contactedStatus.name })}</Text>
        )}
      </Alert>
      {result.failed > 0 && <Alert color="red">{t('emailSending.failed', { count: result.failed })}</Alert>}
      {result.skippedRecipients.length > 0 && (
        <Alert color="orange">
          {t('emailSending.skipped', {
            names: result.skippedRecipients.map((p) => p.fullName || unnamed(p.candidateId)).join(', '),
          })}
        </Alert>
      )}
    </Stack>
  );
}
