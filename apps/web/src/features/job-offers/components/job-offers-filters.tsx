import { Group, SegmentedControl, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Owner } from '../types';

export interface JobOffersFiltersProps {
  owner: Owner;
  archived: boolean;
  onOwnerChange: (owner: Owner) => void;
  onArchivedChange: (archived: boolean) => void;
}

/** All / Mine and the Archived toggle of the index (SPEC section 2). */
export function JobOffersFilters({
  owner,
  archived,
  onOwnerChange,
  onArchivedChange,
}: JobOffersFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" role="group" aria-label={t('jobOffers.filters')}>
      <SegmentedControl
        aria-label={t('jobOffers.owner')}
        value={owner}
        onChange={(value) => onOwnerChange(value === 'mine' ? 'mine' : 'all')}
        data={[
          { value: 'all', label: t('jobOffers.ownerAll') },
          { value: 'mine', label: t('jobOffers.ownerMine') },
        ]}
      />
      <Switch
        label={t('jobOffers.archived')}
        checked={archived}
        onChange={(event) => onArchivedChange(event.currentTarget.checked)}
      />
    </Group>
  );
}
