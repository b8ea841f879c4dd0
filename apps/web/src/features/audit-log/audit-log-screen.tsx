import { Button, Center, Group, Loader, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import type { AuditAction, AuditTargetKind } from '@vivier/contract';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS } from '@vivier/contract/audit-actions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../shared/resources/users/get-me';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { type AuditFilterValues, useAuditEntries, useExportAuditLog } from './api/audit-entries';
import { registerAuditLogTexts } from './i18n';

registerAuditLogTexts();

const TARGET_KINDS = [...AUDIT_TARGET_KINDS];

const NO_FILTERS: AuditFilterValues = {
  action: '',
  actorId: '',
  targetKind: '',
  targetId: '',
  from: '',
  to: '',
};

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 10);

/**
 * The audit log (/audit_log, issue 24): what was done in the licence, by whom, when and from where, newest
 * first, filtered by action, user, target and period, and exported as CSV with the same filters. Admins only
 * (the server refuses anyone else; the screen says so without calling it).
 */
export function AuditLogScreen() {
  const { t, i18n } = useTranslation();
  const viewer = useViewer();
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const isAdmin = viewer.role === 'admin';
  const entries = useAuditEntries(filters, isAdmin);
  const exportLog = useExportAuditLog();
  const set = (patch: Partial<AuditFilterValues>) => setFilters((current) => ({ ...current, ...patch }));
  const rows = entries.data?.pages.flatMap((page) => page.data) ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  if (!isAdmin) {
    return (
      <>
        <ScreenTitle>{t('auditLog.title')}</ScreenTitle>
        <Text>{t('auditLog.adminsOnly')}</Text>
      </>
    );
  }
  return (
    <>
      <ScreenTitle>{t('auditLog.title')}</ScreenTitle>
      <Stack gap="md">
        <Group align="end" gap="sm" role="search" aria-label={t('auditLog.filters')}>
          <NativeSelect
            label={t('auditLog.action')}
            data={[
              { value: '', label: t('auditLog.anyAction') },
              ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
            ]}
            value={filters.action}
            onChange={(event) => set({ action: event.currentTarget.value as AuditAction | '' })}
            w={220}
          />
          <TextInput
            label={t('auditLog.actorId')}
            value={filters.actorId}
            onChange={(event) => set({ actorId: digitsOnly(event.currentTarget.value) })}
            inputMode="numeric"
            w={120}
          />
          <NativeSelect
            label={t('auditLog.targetKind')}
            data={[{ value: '', label: t('auditLog.anyTarget') }, ...TARGET_KINDS]}
            value={filters.targetKind}
            onChange={(event) => set({ targetKind: event.currentTarget.value as AuditTargetKind | '' })}
            w={170}
          />
          <TextInput
            label={t('auditLog.targetId')}
            value={filters.targetId}
            onChange={(event) => set({ targetId: digitsOnly(event.currentTarget.value) })}
            inputMode="numeric"
            disabled={!filters.targetKind}
            w={120}
          />
          <TextInput
            type="date"
            label={t('auditLog.from')}
            value={filters.from}
            onChange={(event) => set({ from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('auditLog.to')}
            value={filters.to}
            onChange={(event) => set({ to: event.currentTarget.value })}
          />
          <Button variant="light" loading={exportLog.isPending} onClick={() => exportLog.mutate(filters)}>
            {t('auditLog.exportCsv')}
          </Button>
        </Group>
        {entries.isFetching && (
          <Center>
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        )}
        {entries.data && rows.length === 0 && (
          <Text c="gray.8" ta="center" py="xl">
            {t('auditLog.empty')}
          </Text>
        )}
        {rows.length > 0 && (
          <Table striped aria-label={t('auditLog.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auditLog.columns.seq')}</Table.Th>
                <Table.Th>{t('auditLog.columns.at')}</Table.Th>
                <Table.Th>{t('auditLog.columns.actor')}</Table.Th>
                <Table.Th>{t('auditLog.columns.address')}</Table.Th>
                <Table.Th>{t('auditLog.columns.action')}</Table.Th>
                <Table.Th>{t('auditLog.columns.target')}</Table.Th>
                <Table.Th>{t('auditLog.columns.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.seq}>
                  <Table.Td>{entry.seq}</Table.Td>
                  <Table.Td>{when.format(new Date(entry.createdAt))}</Table.Td>
                  <Table.Td>
                    {entry.actorKind === 'system'
                      ? t('auditLog.system')
                      : `${entry.actorLabel ?? entry.actorKind}${entry.actorId ? ` (${entry.actorId})` : ''}`}
                  </Table.Td>
                  <Table.Td>{entry.address ?? ''}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>{entry.targetKind ? `${entry.targetKind} ${entry.targetId ?? ''}` : ''}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {entries.hasNextPage && (
          <Center>
            <Button
              variant="subtle"
              onClick={() => entries.fetchNextPage()}
              loading={entries.isFetchingNextPage}
            >
              {t('auditLog.loadMore')}
            </Button>
          </Center>
        )}
      </Stack>
    </>
  );
}
