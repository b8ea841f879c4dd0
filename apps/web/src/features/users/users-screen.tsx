import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../shared/widgets/screen-title/screen-title';

/** Users screen (/users), SPEC section 2. The shell's issue gives it its place and title; its own issue fills it. */
export function UsersScreen() {
  const { t } = useTranslation();
  return <ScreenTitle>{t('screens.users')}</ScreenTitle>;
}
