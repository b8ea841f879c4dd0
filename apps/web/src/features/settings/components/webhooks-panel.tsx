import { Alert, Button, Checkbox, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@vivier/contract/webhook-events';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../shared/widgets/confirm-popover/confirm-popover';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSetWebhookEnabled,
  useWebhooks,
  type WebhookEndpoint,
} from '../api/webhooks';
import { CELL, TABLE } from './plain-table';
import { WebhookDeliveries } from './webhook-deliveries';

/**
 * "Webhooks" (issue 25, decision 199, admins): subscribe an https URL to event types, its signing secret shown
 * once with a copy button; the licence's endpoints, each turned off or on, deleted after a confirmation, and its
 * delivery log with "Resend" and "Send a test event".
 */
export function WebhooksPanel({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const webhooks = useWebhooks(opened);
  const [secret, setSecret] = useState<string | undefined>();
  const [logOf, setLogOf] = useState<number | undefined>();
  const rows = webhooks.data ?? [];
  const shown = rows.find((row) => row.id === logOf);
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.8">
        {t('settings.webhooks.intro')}
      </Text>
      {secret ? (
        <NewSecret secret={secret} onDone={() => setSecret(undefined)} />
      ) : (
        <CreateForm onCreated={setSecret} />
      )}
      {rows.length === 0 ? (
        <Text c="gray.8">
          {webhooks.isPending && opened ? t('common.loading') : t('settings.webhooks.none')}
        </Text>
      ) : (
        <table style={TABLE} aria-label={t('settings.webhooks.list')}>
          <thead>
            <tr>
              <th style={CELL}>{t('settings.webhooks.url')}</th>
              <th style={CELL}>{t('settings.webhooks.events')}</th>
              <th style={CELL}>{t('settings.webhooks.status')}</th>
              <th style={CELL} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <EndpointRow
                key={row.id}
                endpoint={row}
                logShown={logOf === row.id}
                onLog={() => setLogOf(logOf === row.id ? undefined : row.id)}
              />
            ))}
          </tbody>
        </table>
      )}
      {shown && <WebhookDeliveries endpoint={shown} />}
    </Stack>
  );
}

function CreateForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [tried, setTried] = useState(false);
  const urlError = tried && !url.trim() ? t('settings.webhooks.urlRequired') : undefined;
  const typeError = tried && types.length === 0 ? t('settings.webhooks.eventRequired') : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!url.trim() || types.length === 0) return;
    try {
      const created = await create.mutateAsync({
        url: url.trim(),
        // In the order of the list, whatever the order of the clicks (the group's onChange keeps it).
        eventTypes: types,
        description: description.trim(),
      });
      setUrl('');
      setDescription('');
      setTypes([]);
      setTried(false);
      onCreated(created.secret);
    } catch {
      // toasted
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('settings.webhooks.url')}
            placeholder={t('settings.webhooks.urlPlaceholder')}
            value={url}
            maxLength={2000}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={urlError}
            w={380}
          />
          <TextInput
            label={t('settings.webhooks.description')}
            placeholder={t('settings.webhooks.descriptionPlaceholder')}
            value={description}
            maxLength={200}
            onChange={(event) => setDescription(event.currentTarget.value)}
            w={240}
          />
        </Group>
        <Checkbox.Group
          label={t('settings.webhooks.events')}
          error={typeError}
          value={types}
          onChange={(value) => setTypes(WEBHOOK_EVENT_TYPES.filter((type) => value.includes(type)))}
        >
          <Group gap="md" mt={4}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`settings.webhooks.types.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('settings.webhooks.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new endpoint's signing secret, this once, with its copy button. */
function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t('settings.webhooks.created')}>
      <Stack gap="xs">
        <Code block aria-label={t('settings.webhooks.secret')}>
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('settings.webhooks.copied') : t('settings.webhooks.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('settings.webhooks.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function EndpointRow({
  endpoint,
  logShown,
  onLog,
}: {
  endpoint: WebhookEndpoint;
  logShown: boolean;
  onLog: () => void;
}) {
  const { t } = useTranslation();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const status = endpoint.enabled
    ? t('settings.webhooks.enabled')
    : endpoint.disabledReason === 'failing'
      ? t('settings.webhooks.disabledFailing')
      : t('settings.webhooks.disabledByAdmin');
  return (
    <tr>
      <td style={CELL}>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Text>
        {endpoint.description && (
          <Text size="xs" c="gray.8">
            {endpoint.description}
          </Text>
        )}
      </td>
      <td style={CELL}>
        <Text size="sm">
          {endpoint.eventTypes.map((type) => t(`settings.webhooks.types.${type}`)).join(', ')}
        </Text>
      </td>
      <td style={CELL}>
        <Text size="sm">{status}</Text>
      </td>
      <td style={CELL}>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="light"
            onClick={onLog}
            aria-label={t('settings.webhooks.logOf', { url: endpoint.url })}
          >
            {logShown ? t('settings.webhooks.hideLog') : t('settings.webhooks.log')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            loading={setEnabled.isPending}
            onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
            aria-label={t(endpoint.enabled ? 'settings.webhooks.turnOffOf' : 'settings.webhooks.turnOnOf', {
              url: endpoint.url,
            })}
          >
            {endpoint.enabled ? t('settings.webhooks.turnOff') : t('settings.webhooks.turnOn')}
          </Button>
          <ConfirmPopover
            text={t('settings.webhooks.removeConfirm')}
            onConfirm={() => remove.mutateAsync(endpoint.id)}
          >
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              aria-label={t('settings.webhooks.removeOf', { url: endpoint.url })}
            >
              {t('settings.webhooks.remove')}
            </Button>
          </ConfirmPopover>
        </Group>
      </td>
    </tr>
  );
}
