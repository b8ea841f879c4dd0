import { Button, Group, Modal, Radio, Select, Skeleton, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingName } from '@vivier/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/i18n/format-date';
import { useSettings } from '../../../shared/resources/settings/get-settings';
import {
  invalidateRetention,
  type RetentionDue,
  useExcludeFromRetention,
  useRetentionDue,
} from '../api/retention';
import { useUpdateSetting } from '../api/update-setting';

const MONTHS = ['off', '6', '12', '18', '24', '36', '48', '60'] as const;

type DueCandidate = RetentionDue['data'][number];

/**
 * Retention (issue 24, decision 195), for admins: how many months without activity before a candidate's data
 * goes, erased or anonymised, and the candidates whose data goes within 60 days, each with its date and a way
 * to keep it (an exclusion, with a reason).
 */
export function RetentionPanel({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: settings } = useSettings();
  const update = useUpdateSetting();
  const due = useRetentionDue(opened);
  const [excluding, setExcluding] = useState<DueCandidate | undefined>();
  if (!settings) return <Skeleton height={160} radius="md" />;

  const setting = (name: SettingName) => settings.data.find((item) => item.name === name);
  const change = (name: SettingName) => (value: string | null) => {
    const target = setting(name);
    if (target && value)
      update.mutate({ id: target.id, value }, { onSettled: () => void invalidateRetention(queryClient) });
  };
  const date = formatDate;

  return (
    <Stack gap="lg">
      <Text size="sm" c="gray.8">
        {t('settings.retention.hint')}
      </Text>
      <Select
        label={t('settings.retention.months')}
        allowDeselect={false}
        value={setting('retention_months')?.value ?? 'off'}
        data={MONTHS.map((months) => ({
          value: months,
          label:
            months === 'off' ? t('settings.retention.off') : t('settings.retention.monthsValue', { months }),
        }))}
        onChange={change('retention_months')}
        w={260}
      />
      <Radio.Group
        label={t('settings.retention.action')}
        value={setting('retention_action')?.value ?? 'erase'}
        onChange={change('retention_action')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="erase" label={t('settings.retention.erase')} />
          <Radio value="anonymise" label={t('settings.retention.anonymise')} />
        </Group>
      </Radio.Group>
      <Stack gap="xs">
        <Text fw={600}>{t('settings.retention.dueTitle')}</Text>
        {due.isPending ? (
          <Skeleton height={80} radius="md" />
        ) : !due.data || due.data.data.length === 0 ? (
          <Text size="sm" c="gray.8">
            {due.data?.months === 'off' ? t('settings.retention.isOff') : t('settings.retention.noneDue')}
          </Text>
        ) : (
          <Table striped aria-label={t('settings.retention.dueTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.retention.candidate')}</Table.Th>
                <Table.Th>{t('settings.retention.lastActivity')}</Table.Th>
                <Table.Th>{t('settings.retention.eraseOn')}</Table.Th>
                <Table.Th>{t('settings.retention.notice')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {due.data.data.map((row) => (
                <Table.Tr key={row.candidateId}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{date(row.lastActivityAt)}</Table.Td>
                  <Table.Td>{date(row.eraseAt)}</Table.Td>
                  <Table.Td>
                    {row.noticeAt
                      ? t('settings.retention.mailedOn', { date: date(row.noticeAt) })
                      : row.hasEmail
                        ? t('settings.retention.notMailed')
                        : t('settings.retention.noEmail')}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={t('settings.retention.excludeOne', { name: row.name })}
                      onClick={() => setExcluding(row)}
                    >
                      {t('settings.retention.exclude')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ExcludeModal candidate={excluding} onClose={() => setExcluding(undefined)} />
    </Stack>
  );
}

/** Asks the reason of an exclusion, then takes the candidate out of retention. */
function ExcludeModal({ candidate, onClose }: { candidate: DueCandidate | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const exclude = useExcludeFromRetention();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal
      opened={candidate !== undefined}
      onClose={close}
      title={t('settings.retention.excludeTitle', { name: candidate?.name ?? '' })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!candidate || reason.trim() === '') return;
          exclude.mutate({ candidateId: candidate.candidateId, reason: reason.trim() }, { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('settings.retention.reason')}
            description={t('settings.retention.reasonHint')}
            required
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('settings.retention.cancel')}
            </Button>
            <Button type="submit" loading={exclude.isPending} disabled={reason.trim() === ''}>
              {t('settings.retention.confirmExclude')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
