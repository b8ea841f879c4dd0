import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';

/** Job offers index (/jobs), SPEC section 2. The shell's issue gives it its place and title; its own issue fills it. */
export function JobOffersScreen() {
  const { t } = useTranslation();
  return <ScreenTitle>{t('screens.jobOffers')}</ScreenTitle>;
}
