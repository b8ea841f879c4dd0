import { useDroppable } from '@dnd-kit/core';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStatusColumn } from '../../api/get-status-column';
import type { PipelineStatus } from '../../types';
import { StatusSwatch } from '../status-swatch';
import { BoardCard } from './board-card';

export interface BoardColumnProps {
  jobOfferId: number;
  status: PipelineStatus;
  search: string;
  selectedCandidateId: number | undefined;
  onSelect: (candidateId: number) => void;
  checkedIds: ReadonlySet<number>;
}

/** One status of the pipeline on the board: its candidates, most recently changed first, 20 at a time. */
export function BoardColumn({
  jobOfferId,
  status,
  search,
  selectedCandidateId,
  onSelect,
  checkedIds,
}: BoardColumnProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `status-${status.id}`, data: { status } });
  const query = useStatusColumn(jobOfferId, status.id, search);
  const applications = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages[0]?.totalCount ?? 0;
  const headingId = `board-column-${status.id}`;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="xs"
      miw={230}
      w={230}
      bg={isOver ? 'indigo.0' : 'gray.0'}
      style={{ flexShrink: 0, borderTop: `4px solid #${status.color}` }}
    >
      <Group gap="xs" mb="xs" wrap="nowrap">
        <StatusSwatch color={status.color} />
        <Title order={3} size="h6" id={headingId}>
          {t('jobOffer.board.column', { name: status.name, count: total })}
        </Title>
      </Group>
      {query.isPending ? (
        <Center py="sm">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Stack gap={6} mih={60}>
          {applications.length === 0 && (
            <Text size="xs" c="gray.8">
              {t('jobOffer.board.empty')}
            </Text>
          )}
          {applications.map((application) => (
            <BoardCard
              key={application.id}
              application={application}
              selected={application.candidateId === selectedCandidateId}
              onSelect={() => onSelect(application.candidateId)}
              checked={checkedIds.has(application.id)}
            />
          ))}
          {query.hasNextPage && (
            <Button
              variant="subtle"
              size="compact-xs"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('jobOffer.board.showMore')}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
