import { Anchor, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';
import { useJobOffer } from './api/get-job-offer';
import { JobOfferStatusCounts } from './components/job-offer-status-counts';
import { STATUS_FILTER_PARAM } from './components/status-filter-link';

/**
 * One job offer (/jobs/{jobId}), SPEC section 2: the back link 'Job offers', a loading state until the offer is
 * fetched, the fallback text when it is not found, its name and its status summary. The status filter is the
 * query parameter filters[statusId]. The candidate list comes with its own issue.
 */
export function JobOfferScreen() {
  const { t } = useTranslation();
  const { jobId } = useParams();
  const [searchParams] = useSearchParams();
  const id = Number(jobId);
  const statusId = Number(searchParams.get(STATUS_FILTER_PARAM));
  const query = useJobOffer(id);

  const back = (
    <Anchor component={Link} to="/jobs" size="sm" mb="xs" display="inline-block">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('nav.jobOffers')}
      </Group>
    </Anchor>
  );

  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <>
        {back}
        <Center py="xl">
          <Loader aria-label={t('jobOffers.screen.loading')} />
        </Center>
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        {back}
        <ScreenTitle>{t('common.notFound')}</ScreenTitle>
      </>
    );
  }

  const offer = query.data;
  const current = offer.summary.statuses.find((status) => status.id === statusId);
  return (
    <>
      {back}
      <ScreenTitle>{offer.name}</ScreenTitle>
      <Stack gap="sm">
        <Text c="gray.8">{offer.company?.name ?? t('jobOffers.noCompany')}</Text>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('jobOffers.screen.statusFilter')}
          </Text>
          <Text size="sm">{current?.name ?? t('jobOffers.screen.allStatuses')}</Text>
          {current && (
            <Anchor component={Link} to={`/jobs/${offer.id}`} size="sm">
              {t('jobOffers.screen.allStatuses')}
            </Anchor>
          )}
        </Group>
        <JobOfferStatusCounts
          jobOfferId={offer.id}
          statuses={offer.summary.statuses}
          currentStatusId={current?.id}
        />
      </Stack>
    </>
  );
}
