import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A report's loading and empty states around its panels; the hire status it read, when it reads one. */
export function ReportState(props: {
  loading: boolean;
  empty: boolean;
  /** What the empty state says, when the report counts something narrower than "what happened". */
  emptyText?: string;
  hiredStatus?: string | null | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.loading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('reports.loading')} />
      </Center>
    );
  }
  if (props.empty) {
    return (
      <Text c="gray.8" ta="center" py="xl">
        {props.emptyText ?? t('reports.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {props.hiredStatus ? (
        <Text size="sm" c="gray.8">
          {t('reports.hiredIs', { status: props.hiredStatus })}
        </Text>
      ) : null}
      {props.children}
    </Stack>
  );
}
