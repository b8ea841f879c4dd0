import { ActionIcon, Avatar, Box, Checkbox, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LastActivity } from '../../../shared/widgets/candidate-activity/last-activity';
import { SourceBadge } from '../../../shared/widgets/careers-application/source-badge';
import { ConfirmPopover } from '../../../shared/widgets/confirm-popover/confirm-popover';
import type { JobApplication, PipelineStatus } from '../types';
import { candidateName, candidateTitle, useNameTexts } from './candidate-name';
import { StatusSwitcher } from './status-switcher';

export interface ApplicationRowProps {
  application: JobApplication;
  statuses: PipelineStatus[];
  selected: boolean;
  onSelect: (application: JobApplication) => void;
  /** In the keyboard selection (issue 28: `x`, `shift+j/k`), which `m` moves. */
  checked: boolean;
  onCheck: (application: JobApplication) => void;
  onMove: (application: JobApplication, status: PipelineStatus) => void;
  onDelete: (application: JobApplication) => Promise<void>;
}

/**
 * One candidate row (SPEC section 2): picture, name, where the application came from (issue 23) and title
 * (opens the panel), status switcher, delete. Memoised: its props change only with its application, the
 * pipeline, or its selection (the handlers keep their identity, see ApplicationList).
 */
export const ApplicationRow = memo(function ApplicationRow({
  application,
  statuses,
  selected,
  onSelect,
  checked,
  onCheck,
  onMove,
  onDelete,
}: ApplicationRowProps) {
  const { t } = useTranslation();
  const { candidate } = application;
  const name = candidateName(candidate, useNameTexts());
  const title = candidateTitle(candidate);
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="md"
      bg={selected ? 'indigo.0' : undefined}
      style={{ listStyle: 'none' }}
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Checkbox
          checked={checked}
          onChange={() => onCheck(application)}
          aria-label={t('jobOffer.triage.select', { name })}
        />
        <UnstyledButton
          onClick={() => onSelect(application)}
          aria-pressed={selected}
          data-triage-id={application.id}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Group gap="sm" wrap="nowrap">
            <Avatar src={candidate?.pictureUrl || null} alt="" radius="xl" size={36} />
            <Box style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} truncate>
                  {name}
                </Text>
                <SourceBadge source={application.source} />
              </Group>
              {title && (
                <Text size="sm" c="gray.8" truncate>
                  {title}
                </Text>
              )}
              <LastActivity lastActivity={application.lastActivity} notesCount={application.notesCount} />
            </Box>
          </Group>
        </UnstyledButton>
        <StatusSwitcher
          statuses={statuses}
          value={application.statusId}
          candidateName={name}
          onChange={(status) => onMove(application, status)}
        />
        <ConfirmPopover onConfirm={() => onDelete(application)}>
          <ActionIcon variant="subtle" color="red.8" aria-label={t('jobOffer.remove', { name })}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </ConfirmPopover>
      </Group>
    </Paper>
  );
});
