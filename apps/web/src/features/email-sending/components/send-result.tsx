import { Alert, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SendResult } from '../api/send-emails';

const names = (people: { fullName: string; candidateId: number }[], unnamed: (id: number) => string) =>
  people.map((p) => p.fullName || unnamed(p.candidateId)).join(', ');

/** What a send did: how many left, where the candidates moved, who was skipped or refused. */
export function SendResultSummary({ result }: { result: SendResult }) {
  const { t } = useTranslation();
  const unnamed = (id: number) => t('emailSending.unnamed', { id });
  return (
    <Stack gap="xs" role="status">
      <Alert color="teal" title={t('emailSending.sent', { count: result.sent.length })}>
        <List size="sm">
          {result.sent.map((s) => (
            <List.Item
              key={s.candidateId}
            >{`${s.fullName || unnamed(s.candidateId)} <${s.email}>`}</List.Item>
          ))}
        </List>
        {result.contactedStatus && result.sent.length > 0 && (
          <Text size="sm" mt="xs">
            {t('emailSending.moved', { status: result.contactedStatus.name })}
          </Text>
        )}
      </Alert>
      {result.failed.length > 0 && (
        <Alert color="red">{t('emailSending.failed', { names: names(result.failed, unnamed) })}</Alert>
      )}
      {result.skipped.length > 0 && (
        <Alert color="orange">{t('emailSending.skipped', { names: names(result.skipped, unnamed) })}</Alert>
      )}
    </Stack>
  );
}
