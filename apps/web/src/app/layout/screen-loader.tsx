import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={200}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
