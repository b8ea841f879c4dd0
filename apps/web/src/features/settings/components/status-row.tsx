import {
  ActionIcon,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { STATUS_PALETTE } from '@vivier/contract/constants';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Status } from '../../../shared/resources/statuses/get-statuses';
import { ConfirmPopover } from '../../../shared/widgets/confirm-popover/confirm-popover';
import { isStatusInUse, useDeleteStatus } from '../api/delete-status';
import { useUpdateStatus } from '../api/update-status';

export interface StatusRowProps {
  status: Status;
  /** Its place in the pipeline, 0 first. */
  position: number;
  statuses: Status[];
}

/**
 * One status of the pipeline: its colour (the palette's swatches or any hex), its name (saved on Enter or when
 * leaving the box, never empty; Escape goes back), up and down, and delete with 'Are you sure?'. Deleting a
 * status that holds job applications asks where to move them.
 */
export function StatusRow({ status, position, statuses }: StatusRowProps) {
  const { t } = useTranslation();
  const update = useUpdateStatus();
  const remove = useDeleteStatus();
  const [name, setName] = useState(status.name);
  const [colour, setColour] = useState(`#${status.color}`);
  const [moving, setMoving] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  useEffect(() => setName(status.name), [status.name]);
  useEffect(() => setColour(`#${status.color}`), [status.color]);

  const saveName = () => {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === status.name) return setName(status.name);
    update.mutate({ id: status.id, name: trimmed }, { onError: () => setName(status.name) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      saveName();
    } else if (event.key === 'Escape') setName(status.name);
  };

  const askDelete = async () => {
    try {
      await remove.mutateAsync({ id: status.id });
    } catch (error) {
      if (isStatusInUse(error)) setMoving(true);
    }
  };
  const moveAndDelete = async () => {
    if (!moveTo) return;
    try {
      await remove.mutateAsync({ id: status.id, moveTo: Number(moveTo) });
    } catch {
      // toasted: 'The status could not be deleted'
    }
  };

  const others = statuses.filter((other) => other.id !== status.id);
  return (
    <Paper component="li" withBorder p="xs" style={{ borderLeft: `6px solid #${status.color}` }}>
      <Group gap="xs" wrap="nowrap">
        <ColorInput
          w={130}
          aria-label={t('settings.statusColour', { name: status.name })}
          value={colour}
          onChange={setColour}
          format="hex"
          // Picked from the palette or the picker, never typed: a half-typed '#12b' is a valid colour too.
          disallowInput
          // The browser's eye dropper button has no accessible name in Mantine (axe: button-name).
          withEyeDropper={false}
          swatches={STATUS_PALETTE.map((colour) => `#${colour}`)}
          swatchesPerRow={6}
          onChangeEnd={(value) => {
            const color = value.replace('#', '').toLowerCase();
            if (/^[0-9a-f]{6}$/.test(color) && color !== status.color)
              update.mutate({ id: status.id, color });
          }}
        />
        <TextInput
          flex={1}
          aria-label={t('settings.statusName', { name: status.name })}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={saveName}
          onKeyDown={onKeyDown}
        />
        <Checkbox
          size="xs"
          label={t('activity.reasons.rejectedShort')}
          aria-label={t('activity.reasons.rejected', { name: status.name })}
          checked={status.rejected}
          onChange={(event) => update.mutate({ id: status.id, rejected: event.currentTarget.checked })}
        />
        <ActionIcon
          variant="subtle"
          aria-label={t('settings.moveUp', { name: status.name })}
          disabled={position === 0}
          onClick={() => update.mutate({ id: status.id, index: position - 1 })}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={t('settings.moveDown', { name: status.name })}
          disabled={position === statuses.length - 1}
          onClick={() => update.mutate({ id: status.id, index: position + 1 })}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        <ConfirmPopover onConfirm={askDelete}>
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={t('settings.deleteStatus', { name: status.name })}
            disabled={statuses.length <= 1}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </ConfirmPopover>
      </Group>
      {moving && (
        <Stack gap={6} mt="xs">
          <Text size="sm">{t('settings.statusInUse', { name: status.name })}</Text>
          <Group gap="xs" align="flex-end">
            <Select
              flex={1}
              aria-label={t('settings.moveTo')}
              placeholder={t('common.pleaseSelectOne')}
              value={moveTo}
              onChange={setMoveTo}
              data={others.map((other) => ({ value: String(other.id), label: other.name }))}
            />
            <Button variant="default" onClick={() => setMoving(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red.8"
              disabled={!moveTo}
              loading={remove.isPending}
              onClick={() => void moveAndDelete()}
            >
              {t('settings.moveAndDelete')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
