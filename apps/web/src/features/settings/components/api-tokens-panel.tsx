import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  API_SCOPES,
  API_TOKEN_RESOURCES,
  type ApiScope,
  type ApiTokenResource,
} from '@vivier/contract/api-token-scopes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/i18n/format-date';
import { ConfirmPopover } from '../../../shared/widgets/confirm-popover/confirm-popover';
import { type ApiToken, useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { CELL, TABLE } from './plain-table';

/** How long a new token lives: the choices of the form, in days (none: until revoked). */
const EXPIRIES = { never: null, days30: 30, days90: 90, year: 365 } as const;
type Expiry = keyof typeof EXPIRIES;

const scopeOf = (resource: ApiTokenResource, access: 'read' | 'write') =>
  API_SCOPES.find((scope) => scope === `${resource}:${access}`);

/**
 * "API tokens" (issue 25, decision 198, admins): create a token for a program with a name, scopes (read or write
 * per resource) and an expiry, shown once with a copy button; the licence's tokens with their last use; revoke.
 */
export function ApiTokensPanel({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const tokens = useApiTokens(opened);
  const [shown, setShown] = useState<string | undefined>();
  const rows = tokens.data ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.8">
        {t('settings.apiTokens.intro')}
      </Text>
      {shown ? (
        <NewToken token={shown} onDone={() => setShown(undefined)} />
      ) : (
        <CreateForm onCreated={setShown} />
      )}
      {rows.length === 0 ? (
        <Text c="gray.8">
          {tokens.isPending && opened ? t('common.loading') : t('settings.apiTokens.none')}
        </Text>
      ) : (
        <table style={TABLE} aria-label={t('settings.apiTokens.list')}>
          <thead>
            <tr>
              <th style={CELL}>{t('settings.apiTokens.name')}</th>
              <th style={CELL}>{t('settings.apiTokens.token')}</th>
              <th style={CELL}>{t('settings.apiTokens.scopes')}</th>
              <th style={CELL}>{t('settings.apiTokens.lastUsed')}</th>
              <th style={CELL}>{t('settings.apiTokens.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}

function CreateForm({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [tried, setTried] = useState(false);
  const nameError = tried && !name.trim() ? t('settings.apiTokens.nameRequired') : undefined;
  const scopeError = tried && scopes.length === 0 ? t('settings.apiTokens.scopeRequired') : undefined;
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || scopes.length === 0) return;
    const days = EXPIRIES[expiry];
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        // In the order of the list, whatever the order of the clicks.
        scopes: API_SCOPES.filter((scope) => scopes.includes(scope)),
        expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString(),
      });
      setName('');
      setScopes([]);
      setExpiry('never');
      setTried(false);
      onCreated(created.token);
    } catch {
      // toasted
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('settings.apiTokens.name')}
            placeholder={t('settings.apiTokens.namePlaceholder')}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            w={280}
          />
          <Select
            label={t('settings.apiTokens.expiry')}
            value={expiry}
            onChange={(value) => setExpiry((value as Expiry | null) ?? 'never')}
            data={(Object.keys(EXPIRIES) as Expiry[]).map((value) => ({
              value,
              label: t(`settings.apiTokens.${value}`),
            }))}
            allowDeselect={false}
            w={180}
          />
        </Group>
        <table style={{ ...TABLE, width: 'auto' }} aria-label={t('settings.apiTokens.scopes')}>
          <thead>
            <tr>
              <th style={CELL}>{t('settings.apiTokens.resource')}</th>
              <th style={CELL}>{t('settings.apiTokens.read')}</th>
              <th style={CELL}>{t('settings.apiTokens.write')}</th>
            </tr>
          </thead>
          <tbody>
            {API_TOKEN_RESOURCES.map((resource) => (
              <tr key={resource}>
                <td style={CELL}>{t(`settings.apiTokens.resources.${resource}`)}</td>
                {(['read', 'write'] as const).map((access) => {
                  const scope = scopeOf(resource, access);
                  return (
                    <td key={access} style={CELL}>
                      {scope && (
                        <Checkbox
                          aria-label={`${t(`settings.apiTokens.resources.${resource}`)}: ${t(`settings.apiTokens.${access}`)}`}
                          checked={scopes.includes(scope)}
                          onChange={(event) => toggle(scope, event.currentTarget.checked)}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {scopeError && (
          <Text size="sm" c="red.8">
            {scopeError}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('settings.apiTokens.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new token, this once, with its copy button. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t('settings.apiTokens.created')}>
      <Stack gap="xs">
        <Code block aria-label={t('settings.apiTokens.token')}>
          {token}
        </Code>
        <Group gap="xs">
          <CopyButton value={token}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('settings.apiTokens.copied') : t('settings.apiTokens.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('settings.apiTokens.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const revoke = useRevokeApiToken();
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  const status = token.revokedAt
    ? t('settings.apiTokens.revokedOn', { date: formatDate(token.revokedAt) })
    : expired && token.expiresAt
      ? t('settings.apiTokens.expiredOn', { date: formatDate(token.expiresAt) })
      : t('settings.apiTokens.active');
  return (
    <tr>
      <td style={CELL}>{token.name}</td>
      <td style={CELL}>
        <Code>{`${token.prefix}…`}</Code>
      </td>
      <td style={CELL}>
        <Text size="sm">{token.scopes.join(', ')}</Text>
      </td>
      <td style={CELL}>
        {token.lastUsedAt
          ? `${formatDate(token.lastUsedAt)}${token.lastUsedAddress ? ` · ${token.lastUsedAddress}` : ''}`
          : t('settings.apiTokens.neverUsed')}
      </td>
      <td style={CELL}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{status}</Text>
          {!token.revokedAt && (
            <ConfirmPopover
              text={t('settings.apiTokens.revokeConfirm')}
              onConfirm={() => revoke.mutateAsync(token.id)}
            >
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                aria-label={t('settings.apiTokens.revokeOf', { name: token.name })}
              >
                {t('settings.apiTokens.revoke')}
              </Button>
            </ConfirmPopover>
          )}
        </Group>
      </td>
    </tr>
  );
}
