import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  StatusCountList,
  StatusTileText,
  statusTileStyle,
} from '../../../shared/widgets/status-counts/status-counts';
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
export function StatusSummary({ statuses, total, currentStatusId, onSelect }: StatusSummaryProps) {
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
        style={statusTileStyle(color, id === currentStatusId)}
      >
        <StatusTileText name={label} count={count} />
      </UnstyledButton>
    </li>
  );
  return (
    <StatusCountList label={t('jobOffer.summary')}>
      {item('all', t('jobOffer.allStatuses'), total, undefined, undefined)}
      {sorted.map((status) =>
        item(String(status.id), status.name, status.candidatesCount, status.color, status.id),
      )}
    </StatusCountList>
  );
}
