import { Center, Loader, Stack, Text } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { JobApplication, PipelineStatus } from '../types';
import { ApplicationRow } from './application-row';

export interface ApplicationListProps {
  applications: JobApplication[] | undefined;
  loading: boolean;
  statuses: PipelineStatus[];
  selectedCandidateId: number | undefined;
  onSelect: (application: JobApplication) => void;
  /** The keyboard selection's application ids (issue 28). */
  checkedIds: ReadonlySet<number>;
  onCheck: (application: JobApplication) => void;
  onMove: (application: JobApplication, status: PipelineStatus) => void;
  onDelete: (application: JobApplication) => Promise<void>;
}

/** The page's candidate rows, or 'There is no candidate matching your criteria' (SPEC section 2). */
export function ApplicationList({
  applications,
  loading,
  statuses,
  selectedCandidateId,
  onSelect,
  checkedIds,
  onCheck,
  onMove,
  onDelete,
}: ApplicationListProps) {
  const { t } = useTranslation();
  // The rows are memoised (a `j` step re-renders the two whose selection changed, not ten): they get handlers
  // that keep their identity and call the screen's latest ones.
  const select = useCallbackRef(onSelect);
  const check = useCallbackRef(onCheck);
  const move = useCallbackRef(onMove);
  const remove = useCallbackRef(onDelete);
  if (!applications) {
    return loading ? (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    ) : null;
  }
  if (applications.length === 0) {
    return (
      <Text c="gray.8" py="md">
        {t('jobOffer.empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={t('jobOffer.candidates')}>
      {applications.map((application) => (
        <ApplicationRow
          key={application.id}
          application={application}
          statuses={statuses}
          selected={application.candidateId === selectedCandidateId}
          onSelect={select}
          checked={checkedIds.has(application.id)}
          onCheck={check}
          onMove={move}
          onDelete={remove}
        />
      ))}
    </Stack>
  );
}
