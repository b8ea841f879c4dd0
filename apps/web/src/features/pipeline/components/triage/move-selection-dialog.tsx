import { Button, Kbd, Modal, Stack, Text } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PipelineStatus } from '../../types';
import { StatusSwatch } from '../status-swatch';
import { statusForDigit } from './triage-keys';

export interface MoveSelectionDialogProps {
  opened: boolean;
  count: number;
  statuses: PipelineStatus[];
  onMove: (status: PipelineStatus) => void;
  onClose: () => void;
}

/** `m`: where the selected candidates go; a digit picks the status of that number, as on the screen. */
export const MoveSelectionDialog = memo(function MoveSelectionDialog({
  opened,
  count,
  statuses,
  onMove,
  onClose,
}: MoveSelectionDialogProps) {
  const { t } = useTranslation();
  const pick = (digit: number) => () => {
    const status = statusForDigit(statuses, digit);
    if (status) onMove(status);
  };
  const onKeyDown = getHotkeyHandler(
    Array.from({ length: 9 }, (_, i) => i + 1).flatMap((digit) => [
      [String(digit), pick(digit)] as [string, () => void],
      [`shift+${digit}`, pick(digit)] as [string, () => void],
    ]),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('jobOffer.triage.moveSelectionTitle', { count })}
      onKeyDown={onKeyDown}
    >
      <Text size="sm" mb="sm">
        {t('jobOffer.triage.moveSelectionHint')}
      </Text>
      <Stack gap={6}>
        {statuses.map((status, i) => (
          <Button
            key={status.id}
            variant="default"
            justify="flex-start"
            leftSection={<StatusSwatch color={status.color} />}
            rightSection={i < 9 ? <Kbd size="xs">{i + 1}</Kbd> : undefined}
            aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
            onClick={() => onMove(status)}
          >
            {status.name}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
});
