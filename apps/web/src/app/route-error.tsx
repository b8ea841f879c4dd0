import { Button, Center, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportException } from '../shared/reporting/error-reporting';

/** A screen that crashed or failed to load (e.g. a chunk lost after a deploy): say so, offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportException(error);
  }, [error]);
  return (
    <Center component="main" mih="60vh">
      <Stack align="center">
        <Title order={1} size="h2">
          {t('errors.generic')}
        </Title>
        <Button onClick={() => window.location.reload()}>{t('maintenance.reload')}</Button>
      </Stack>
    </Center>
  );
}
