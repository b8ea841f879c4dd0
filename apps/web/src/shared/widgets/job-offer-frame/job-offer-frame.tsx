import { Anchor, Center, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useJobOffer } from '../../resources/job-offers/get-job-offer';
import type { JobOffer } from '../../resources/job-offers/job-offer';
import { ScreenTitle } from '../screen-title/screen-title';

export interface JobOfferFrameProps {
  jobOfferId: number;
  title: string;
  /** 'Candidates of' before the offer's name. */
  sourceLabel: string;
  loadingLabel: string;
  children: (offer: JobOffer) => ReactNode;
}

/**
 * A screen about one job offer's candidates (copy, export: SPEC section 2): its title, a loader until the offer
 * is read, 'Not found' under it when it cannot be, then the offer's name as a link back to /jobs/{jobId} and the screen.
 */
export function JobOfferFrame({
  jobOfferId,
  title,
  sourceLabel,
  loadingLabel,
  children,
}: JobOfferFrameProps) {
  const { t } = useTranslation();
  const query = useJobOffer(jobOfferId);
  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <>
        <ScreenTitle>{title}</ScreenTitle>
        <Center py="xl">
          <Loader aria-label={loadingLabel} />
        </Center>
      </>
    );
  }
  if (!query.data) {
    return (
      <>
        <ScreenTitle>{title}</ScreenTitle>
        <Title order={2} size="h4">
          {t('common.notFound')}
        </Title>
      </>
    );
  }
  const offer = query.data;
  return (
    <>
      <ScreenTitle>{title}</ScreenTitle>
      <Text mb="md">
        {sourceLabel}{' '}
        <Anchor component={Link} to={`/jobs/${offer.id}`} fw={600}>
          {offer.name}
        </Anchor>
        {offer.company ? ` · ${offer.company.name}` : ''}
      </Text>
      {children(offer)}
    </>
  );
}
