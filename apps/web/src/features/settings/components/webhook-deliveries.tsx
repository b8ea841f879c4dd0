import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { dateTimeFormat } from '../../../shared/i18n/intl-formats';
import {
  useResendDelivery,
  useSendTestEvent,
  useWebhookDeliveries,
  type WebhookEndpoint,
} from '../api/webhooks';
import { CELL, TABLE } from './plain-table';

const LOCALES = { en: 'en-US', fr: 'fr-FR' } as const;
const timeOf = (at: string) =>
  dateTimeFormat(LOCALES[currentLanguage()], { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(at),
  );

/**
 * An endpoint's delivery log (decision 199): the latest deliveries with their event, state, the answer's status
 * and excerpt (or why none came), latency, attempts and time; "Resend" on each, "Send a test event" above.
 */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const test = useSendTestEvent(endpoint.id);
  const resend = useResendDelivery(endpoint.id);
  const rows = deliveries.data ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('settings.webhooks.deliveries', { url: endpoint.url })}
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void deliveries.refetch()}>
            {t('settings.webhooks.refresh')}
          </Button>
          <Button size="xs" variant="light" loading={test.isPending} onClick={() => test.mutate()}>
            {t('settings.webhooks.sendTest')}
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="gray.8">
          {deliveries.isPending ? t('common.loading') : t('settings.webhooks.noDeliveries')}
        </Text>
      ) : (
        <table style={TABLE} aria-label={t('settings.webhooks.logOf', { url: endpoint.url })}>
          <thead>
            <tr>
              <th style={CELL}>{t('settings.webhooks.time')}</th>
              <th style={CELL}>{t('settings.webhooks.event')}</th>
              <th style={CELL}>{t('settings.webhooks.state')}</th>
              <th style={CELL}>{t('settings.webhooks.answer')}</th>
              <th style={CELL}>{t('settings.webhooks.latency')}</th>
              <th style={CELL}>{t('settings.webhooks.attempts')}</th>
              <th style={CELL} />
            </tr>
          </thead>
          <tbody>
            {rows.map((delivery) => (
              <tr key={delivery.id}>
                <td style={CELL}>{timeOf(delivery.lastAttemptAt ?? delivery.createdAt)}</td>
                <td style={CELL}>
                  <Code>{delivery.eventType}</Code>
                </td>
                <td style={CELL}>{t(`settings.webhooks.states.${delivery.state}`)}</td>
                <td style={CELL}>
                  <Text size="sm">
                    {delivery.status ?? ''} {delivery.status === null ? (delivery.error ?? '') : ''}
                  </Text>
                  {delivery.responseExcerpt && (
                    <Text size="xs" c="gray.8" lineClamp={2} style={{ wordBreak: 'break-all' }}>
                      {delivery.responseExcerpt}
                    </Text>
                  )}
                </td>
                <td style={CELL}>
                  {delivery.latencyMs === null ? '' : t('settings.webhooks.ms', { ms: delivery.latencyMs })}
                </td>
                <td style={CELL}>{delivery.attempts}</td>
                <td style={CELL}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => resend.mutate(delivery.id)}
                    aria-label={t('settings.webhooks.resendOf', { id: delivery.id })}
                  >
                    {t('settings.webhooks.resend')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}
