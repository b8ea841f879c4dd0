import { Button, type ButtonProps, Group, type GroupProps, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../hooks/use-confirm-action';

export interface ConfirmModalProps {
  title: string;
  /** The question; defaults to 'Are you sure?' (SPEC section 5). */
  text?: string;
  /** The confirm button's label and colour; default 'Ok' in red, as deleting asks. */
  confirmLabel?: string;
  confirmColor?: ButtonProps['color'];
  gap?: GroupProps['gap'];
  onClose: () => void;
  /** Called on confirm; the button shows a loader while it runs, and the dialog closes when it settles. */
  onConfirm: () => Promise<unknown>;
}

/**
 * A question in a dialog with Cancel and a confirm button, for actions started where a popover cannot stay open
 * (a menu item, a checkbox in a table row). Shown while mounted.
 */
export function ConfirmModal({
  title,
  text,
  confirmLabel,
  confirmColor,
  gap,
  onClose,
  onConfirm,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const { busy, confirm } = useConfirmAction(onConfirm, onClose);
  return (
    <Modal opened onClose={onClose} title={title} size="sm" centered>
      <Text size="sm" mb="md">
        {text ?? t('common.areYouSure')}
      </Text>
      <Group justify="flex-end" gap={gap}>
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color={confirmColor} loading={busy} onClick={confirm}>
          {confirmLabel ?? t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
