import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What the page shows while the first screen's code loads. */
export function StartLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
