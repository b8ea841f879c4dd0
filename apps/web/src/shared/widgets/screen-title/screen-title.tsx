import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** A screen's heading; it also names the browser tab. */
export function ScreenTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${children} · ${t('nav.logo')}`);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
