import { useDraggable } from '@dnd-kit/core';
import { Avatar, Badge, Group, Paper, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LastActivity } from '../../../../shared/widgets/candidate-activity/last-activity';
import { SourceBadge } from '../../../../shared/widgets/careers-application/source-badge';
import { NextInterview } from '../../../../shared/widgets/interviews/next-interview';
import type { JobApplication } from '../../types';
import { candidateName, candidateTitle, type NameTexts, useNameTexts } from '../candidate-name';

export interface BoardCardProps {
  application: JobApplication;
  selected: boolean;
  onSelect: () => void;
  /** In the keyboard selection (issue 28). */
  checked: boolean;
}

/**
 * A candidate on the board: a click or Enter opens the panel; dragging it (or Space, then the arrow keys, then
 * Space) moves it to another status.
 */
export function BoardCard({ application, selected, onSelect, checked }: BoardCardProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `application-${application.id}`,
    data: { application },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter') onSelect();
    else listeners?.onKeyDown?.(event);
  };
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={onSelect}
      aria-pressed={selected}
      data-triage-id={application.id}
      bg={selected ? 'indigo.0' : undefined}
      style={{ cursor: 'grab', opacity: isDragging ? 0.4 : 1, touchAction: 'none' }}
    >
      <CardFace application={application} names={useNameTexts()} />
      {checked && (
        <Badge size="xs" variant="outline" color="indigo.9" mt={4}>
          {t('jobOffer.triage.selectedMark')}
        </Badge>
      )}
    </Paper>
  );
}

/** What a card shows, also while it is carried (the drag overlay). */
export function CardFace({ application, names }: { application: JobApplication; names: NameTexts }) {
  const title = candidateTitle(application.candidate);
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={application.candidate?.pictureUrl || null} alt="" radius="xl" size={28} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {candidateName(application.candidate, names)}
        </Text>
        <SourceBadge source={application.source} />
        {title && (
          <Text size="xs" c="gray.8" truncate>
            {title}
          </Text>
        )}
        <NextInterview at={application.nextInterviewAt} />
        <LastActivity lastActivity={application.lastActivity} notesCount={application.notesCount} />
      </div>
    </Group>
  );
}
