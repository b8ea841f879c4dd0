import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';

/** One job offer (/jobs/{jobId}), SPEC section 2: its back link 'Job offers'; its own issue fills the rest. */
export function JobOfferScreen() {
  const { t } = useTranslation();
  return (
    <>
      <Anchor component={Link} to="/jobs" size="sm" mb="xs" display="inline-block">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('nav.jobOffers')}
        </Group>
      </Anchor>
      <ScreenTitle>{t('screens.jobOffer')}</ScreenTitle>
    </>
  );
}
