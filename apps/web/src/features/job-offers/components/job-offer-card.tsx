import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { UserAvatar } from '../../../shared/widgets/user-avatar/user-avatar';
import type { JobOffer } from '../types';
import { formatCreationDate } from './format-creation-date';
import { JobOfferActions } from './job-offer-actions';
import { JobOfferStatusCounts } from './job-offer-status-counts';
import { jobOfferPath } from './status-filter-link';

export interface JobOfferCardProps {
  offer: JobOffer;
  onEdit: () => void;
}

/** Clicks on a control of the card do their own thing; a click anywhere else opens the offer. */
const INTERACTIVE = 'a, button, input, [role="menuitem"], [role="dialog"]';

/**
 * One offer of the index (SPEC section 2): name, company, manager, creation date and the per-status counts.
 * Clicking the card opens the offer; its name is the keyboard's way there.
 */
export function JobOfferCard({ offer, onEdit }: JobOfferCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const headingId = `job-offer-${offer.id}-name`;

  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    // A click in a dialog the card opened (the Posting dialog, its dropdowns) reaches the card through React's
    // tree, not the page's: it is not a click on the card.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    navigate(jobOfferPath(offer.id));
  };

  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={headingId}
      onClick={onCardClick}
      style={{ cursor: 'pointer' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={jobOfferPath(offer.id)} fw={700} size="lg" id={headingId}>
            {offer.name}
          </Anchor>
          <Text size="sm" c="gray.8">
            {offer.company?.name ?? t('jobOffers.noCompany')}
          </Text>
        </Stack>
        <JobOfferActions offer={offer} onEdit={onEdit} />
      </Group>
      <Group gap="sm" my="sm">
        {offer.user ? (
          <UserAvatar
            email={offer.user.email}
            firstName={offer.user.firstName}
            lastName={offer.user.lastName}
            size={28}
          />
        ) : (
          <Text size="sm" c="gray.8">
            {t('jobOffers.noManager')}
          </Text>
        )}
        <Text size="sm" c="gray.8">
          {t('jobOffers.createdOn', { date: formatCreationDate(offer.createdAt, language) })}
        </Text>
        <Text size="sm" c="gray.8">
          {t('jobOffers.candidatesCount', { count: offer.candidatesCount })}
        </Text>
      </Group>
      <JobOfferStatusCounts jobOfferId={offer.id} statuses={offer.summary.statuses} />
    </Card>
  );
}
