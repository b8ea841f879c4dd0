import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';
import { TOAST_DURATION_MS } from './toast';

let next = 0;
/** The undo of the toast shown last, while it shows: a key can run it (the job offer screen's `u`). */
let latest: { id: string; undo: () => void } | null = null;

/**
 * A toast that says what was just done and offers to undo it for as long as it shows (5 s, SPEC section 9), e.g.
 * "Moved to Interview." + Undo (issue 28). Undo hides the toast before it runs, so it runs once.
 */
export function showUndoToast(message: string, onUndo: () => void): string {
  next += 1;
  const id = `undo-${next}`;
  const undo = () => {
    notifications.hide(id);
    if (latest?.id === id) latest = null;
    onUndo();
  };
  latest = { id, undo };
  notifications.show({
    id,
    onClose: () => {
      if (latest?.id === id) latest = null;
    },
    color: 'indigo',
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" onClick={undo}>
          {i18n.t('common.undo')}
        </Button>
      </Group>
    ),
  });
  return id;
}

/** Runs the undo of the last toast still showing; answers whether there was one. */
export function undoLatest(): boolean {
  const shown = latest;
  if (!shown) return false;
  shown.undo();
  return true;
}
