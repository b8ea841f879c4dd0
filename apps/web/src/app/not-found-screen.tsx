import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenTitle } from '../shared/widgets/screen-title/screen-title';

/** The fallback of every unknown path: 'Not found' (SPEC section 2). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <ScreenTitle>{t('common.notFound')}</ScreenTitle>
      <Text>{t('common.notFoundHint')}</Text>
      <Anchor component={Link} to="/jobs">
        {t('common.backHome')}
      </Anchor>
    </Stack>
  );
}
