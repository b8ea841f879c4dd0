import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  StatusCountList,
  StatusTileText,
  statusTileStyle,
} from '../../../shared/widgets/status-counts/status-counts';
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
    <StatusCountList label={t('jobOffers.statuses')}>
      {sorted.map((status) => (
        <li key={status.id}>
          <UnstyledButton
            component={Link}
            to={jobOfferPath(jobOfferId, status.id)}
            aria-current={status.id === currentStatusId ? 'true' : undefined}
            px="xs"
            py={4}
            style={statusTileStyle(status.color, status.id === currentStatusId)}
          >
            <StatusTileText name={status.name} count={status.candidatesCount} />
          </UnstyledButton>
        </li>
      ))}
    </StatusCountList>
  );
}
