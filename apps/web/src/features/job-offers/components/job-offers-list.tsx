import { Center, Loader, Stack, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOffer } from '../types';
import { LazyJobOfferForm } from './form/lazy-job-offer-form';
import { JobOfferCard } from './job-offer-card';

export interface JobOffersListProps {
  offers: JobOffer[] | undefined;
  loading: boolean;
  editingId: number | null;
  onEdit: (id: number | null) => void;
}

/**
 * The index's cards; the one being edited turns into the edit form (SPEC section 2, "edit inline").
 *
 * The cards render from a deferred copy of the page, in slices React can interrupt: an answer arrives through
 * TanStack Query's external store, which React renders synchronously, in one long task (decision 213).
 */
export function JobOffersList({ offers, loading, editingId, onEdit }: JobOffersListProps) {
  const { t } = useTranslation();
  const shown = useDeferredValue(offers);
  if (!shown) {
    return loading || offers ? (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    ) : null;
  }
  if (shown.length === 0) {
    return (
      <Text c="gray.8" ta="center" py="xl">
        {t('jobOffers.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-label={t('screens.jobOffers')}>
      {shown.map((offer) =>
        offer.id === editingId ? (
          <LazyJobOfferForm
            key={offer.id}
            offer={offer}
            onCancel={() => onEdit(null)}
            onSaved={() => onEdit(null)}
          />
        ) : (
          <JobOfferCard key={offer.id} offer={offer} onEdit={() => onEdit(offer.id)} />
        ),
      )}
    </Stack>
  );
}
