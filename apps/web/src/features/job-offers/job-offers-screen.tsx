import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { Paginator } from '../../shared/widgets/paginator/paginator';
import { useStepBackPastLastPage } from '../../shared/widgets/paginator/use-step-back';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { SearchHeader } from '../../shared/widgets/search-header/search-header';
import { useJobOffers } from './api/get-job-offers';
import { LazyJobOfferForm } from './components/form/lazy-job-offer-form';
import { JobOffersFilters } from './components/job-offers-filters';
import { JobOffersList } from './components/job-offers-list';
import { useJobOffersUrlState } from './components/job-offers-url-state';
import { JOB_OFFERS_PER_PAGE } from './types';

/**
 * Job offers index (/jobs), SPEC section 2: search with add button and count badge, All / Mine and Archived,
 * the cards with their actions, the paginator. Its state lives in the address.
 */
export function JobOffersScreen() {
  const { t } = useTranslation();
  const { state, setPage, setSearch, setOwner, setArchived, setCreating } = useJobOffersUrlState();
  const search = useDebouncedSearch(state.search, setSearch, SEARCH_DEBOUNCE_MS.jobOffers);
  const [editingId, setEditingId] = useState<number | null>(null);
  const { page, owner, archived } = state;
  const params = useMemo(
    () => ({ page, search: state.search, owner, archived }),
    [page, state.search, owner, archived],
  );
  const query = useJobOffers(params);
  const totalCount = query.data?.totalCount;
  const totalPages = Math.ceil((totalCount ?? 0) / JOB_OFFERS_PER_PAGE);

  // A page emptied by an archive or a delete steps back to the last page that has offers.
  useStepBackPastLastPage(query, page, totalPages, setPage);

  return (
    <>
      <ScreenTitle>{t('screens.jobOffers')}</ScreenTitle>
      <Stack gap="md">
        <SearchHeader
          value={search.text}
          onChange={search.onChange}
          count={totalCount}
          countLabel={t('jobOffers.count')}
          onAdd={() => setCreating(true)}
          addLabel={t('jobOffers.add')}
        />
        <JobOffersFilters
          owner={owner}
          archived={archived}
          onOwnerChange={setOwner}
          onArchivedChange={setArchived}
        />
        {state.creating && (
          <LazyJobOfferForm onCancel={() => setCreating(false)} onSaved={() => setCreating(false)} />
        )}
        <JobOffersList
          offers={query.data?.data}
          loading={query.isPending}
          editingId={editingId}
          onEdit={setEditingId}
        />
        <Paginator page={page} totalPages={totalPages} onChange={setPage} />
      </Stack>
    </>
  );
}
