import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { MAX_STATUSES } from '@vivier/contract/constants';
import { useTranslation } from 'react-i18next';
import { useStatuses } from '../../../shared/resources/statuses/get-statuses';
import { NewStatusForm } from './new-status-form';
import { StatusRow } from './status-row';

/**
 * The pipeline of statuses (SPEC section 6): rename, recolour, reorder and delete each; add a new one while
 * there are fewer than 10 (the add control is hidden at 10, SPEC section 9).
 */
export function StatusesEditor() {
  const { t } = useTranslation();
  const { data: statuses } = useStatuses();
  return (
    <Stack gap="xs" component="section" aria-labelledby="settings-pipeline">
      <Title order={3} size="h5" id="settings-pipeline">
        {t('settings.pipeline')}
      </Title>
      <Text size="sm" c="gray.8">
        {t('settings.pipelineHint', { max: MAX_STATUSES })}
      </Text>
      {!statuses ? (
        <Skeleton height={120} radius="md" />
      ) : (
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {statuses.map((status, position) => (
            <StatusRow key={status.id} status={status} position={position} statuses={statuses} />
          ))}
        </Stack>
      )}
      {statuses && statuses.length < MAX_STATUSES && <NewStatusForm />}
    </Stack>
  );
}
