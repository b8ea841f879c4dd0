import { Group, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusSummary as Summary } from '../types';

export interface StatusSummaryProps {
  statuses: Summary[];
  total: number;
  currentStatusId: number | undefined;
  onSelect: (statusId: number | undefined) => void;
}

/**
 * The offer's status summary (SPEC section 2): every status of the pipeline in order with how many candidates it
 * holds, in its colour; choosing one filters the list on it, 'All statuses' clears the filter. Each button is
 * named by what it shows ('Interview 4'), as axe's label-content-name-mismatch asks.
 */
export const StatusSummary = memo(function StatusSummary({
  statuses,
  total,
  currentStatusId,
  onSelect,
}: StatusSummaryProps) {
  const { t } = useTranslation();
  const sorted = [...statuses].sort((a, b) => a.index - b.index);
  const item = (
    key: string,
    label: string,
    count: number,
    color: string | undefined,
    id: number | undefined,
  ) => (
    <li key={key}>
      <UnstyledButton
        onClick={() => onSelect(id)}
        aria-pressed={id === currentStatusId}
        px="xs"
        py={4}
        style={{
          display: 'block',
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-gray-3)',
          borderTop: `4px solid ${color ? `#${color}` : 'var(--mantine-color-gray-5)'}`,
          background: id === currentStatusId ? 'var(--mantine-color-gray-1)' : undefined,
        }}
      >
        <Text size="xs" c="gray.8" lh={1.2}>
          {label}
        </Text>
        <Text size="sm" fw={700} lh={1.2}>
          {count}
        </Text>
      </UnstyledButton>
    </li>
  );
  return (
    <Group
      gap="xs"
      component="ul"
      aria-label={t('jobOffer.summary')}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {item('all', t('jobOffer.allStatuses'), total, undefined, undefined)}
      {sorted.map((status) =>
        item(String(status.id), status.name, status.candidatesCount, status.color, status.id),
      )}
    </Group>
  );
});
