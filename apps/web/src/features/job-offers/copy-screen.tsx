import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';

/** Copy screen (/jobs/{jobId}/copy), SPEC section 2. The shell's issue gives it its place and title; its own issue fills it. */
export function CopyScreen() {
  const { t } = useTranslation();
  return <ScreenTitle>{t('screens.copy')}</ScreenTitle>;
}
