import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobOfferStatusSummary } from '../types';
import { jobOfferPath } from './status-filter-link';

export interface JobOfferStatusCountsProps {
  jobOfferId: number;
  statuses: JobOfferStatusSummary[];
  /** The status the screen is filtered on, shown as current. */
  currentStatusId?: number;
}

/**
 * The per-status candidate counts of an offer, each in its status colour, sorted by index (SPEC section 4);
 * a status links to the offer filtered on it (SPEC section 2).
 */
export function JobOfferStatusCounts({ jobOfferId, statuses, currentStatusId }: JobOfferStatusCountsProps) {
  const { t } = useTranslation();
  const sorted = [...statuses].sort((a, b) => a.index - b.index);
  return (
    <Group
      gap="xs"
      component="ul"
      aria-label={t('jobOffers.statuses')}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {sorted.map((status) => (
        <li key={status.id}>
          <UnstyledButton
            component={Link}
            to={jobOfferPath(jobOfferId, status.id)}
            aria-current={status.id === currentStatusId ? 'true' : undefined}
            px="xs"
            py={4}
            style={{
              display: 'block',
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-gray-3)',
              borderTop: `4px solid #${status.color}`,
              background: status.id === currentStatusId ? 'var(--mantine-color-gray-1)' : undefined,
            }}
          >
            <Text size="xs" c="gray.8" lh={1.2}>
              {status.name}
            </Text>
            <Text size="sm" fw={700} lh={1.2}>
              {status.candidatesCount}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Group>
  );
}
