import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Group, Paper, ScrollArea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobApplication, PipelineStatus } from '../../types';
import { candidateName, useNameTexts } from '../candidate-name';
import { CardFace } from './board-card';
import { BoardColumn } from './board-column';
import { columnKeyboardCoordinates } from './column-keyboard';

export interface PipelineBoardProps {
  jobOfferId: number;
  statuses: PipelineStatus[];
  search: string;
  selectedCandidateId: number | undefined;
  onSelect: (candidateId: number) => void;
  onMove: (application: JobApplication, status: PipelineStatus) => void;
  /** The keyboard selection's application ids (issue 28). */
  checkedIds: ReadonlySet<number>;
}

/** The pointer decides where a mouse drop lands; a keyboard move has no pointer, so the card's rectangle does. */
const collisions: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

const applicationOf = (data: unknown): JobApplication | undefined =>
  (data as { application?: JobApplication } | undefined)?.application;
const statusOf = (data: unknown): PipelineStatus | undefined =>
  (data as { status?: PipelineStatus } | undefined)?.status;

/**
 * The board (issue 8, beyond the spec): one column per status in pipeline order, a card per candidate. Dropping a
 * card on another column is the status switcher's move (same call, same local counts). With the keyboard: Space
 * picks a card up, the left and right arrows choose the column, Space drops, Escape cancels; a screen reader hears
 * each step (dnd-kit's live region, in the interface's language).
 */
export function PipelineBoard({
  jobOfferId,
  statuses,
  search,
  selectedCandidateId,
  onSelect,
  onMove,
  checkedIds,
}: PipelineBoardProps) {
  const { t } = useTranslation();
  const [carried, setCarried] = useState<JobApplication | undefined>();
  const sensors = useSensors(
    // A click (no movement) opens the candidate; a drag starts after 5 px.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      // Enter opens the candidate; Space picks up and drops.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const names = useNameTexts();
  const nameOf = (data: unknown) => candidateName(applicationOf(data)?.candidate, names);
  // Where the carried card is (over a column, or dropped on one), or that it is over none.
  const where = (carried: unknown, target: unknown, onStatus: string, nowhere: string) => {
    const status = statusOf(target);
    const name = nameOf(carried);
    return status ? t(onStatus, { name, status: status.name }) : t(nowhere, { name });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('jobOffer.board.pickedUp', { name: nameOf(active.data.current) }),
    onDragOver: ({ active, over }) =>
      where(active.data.current, over?.data.current, 'jobOffer.board.over', 'jobOffer.board.notOver'),
    onDragEnd: ({ active, over }) =>
      where(
        active.data.current,
        over?.data.current,
        'jobOffer.board.dropped',
        'jobOffer.board.droppedNowhere',
      ),
    onDragCancel: ({ active }) => t('jobOffer.board.cancelled', { name: nameOf(active.data.current) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => setCarried(applicationOf(active.data.current));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setCarried(undefined);
    const application = applicationOf(active.data.current);
    const status = statusOf(over?.data.current);
    if (application && status && status.id !== application.statusId) onMove(application, status);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setCarried(undefined)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('jobOffer.board.instructions') },
      }}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group
          component="div"
          role="group"
          aria-label={t('jobOffer.board.label')}
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          pb="xs"
        >
          {statuses.map((status) => (
            <BoardColumn
              key={status.id}
              jobOfferId={jobOfferId}
              status={status}
              search={search}
              selectedCandidateId={selectedCandidateId}
              onSelect={onSelect}
              checkedIds={checkedIds}
            />
          ))}
        </Group>
      </ScrollArea>
      <DragOverlay>
        {carried ? (
          <Paper withBorder shadow="md" radius="sm" p="xs" w={214}>
            <CardFace application={carried} names={names} />
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
