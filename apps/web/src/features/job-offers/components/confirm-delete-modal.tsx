import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  /** Called on Ok; Ok shows a loader while it runs, and the modal closes when it settles. */
  onConfirm: () => Promise<unknown>;
}

/**
 * 'Are you sure?' with Cancel and Ok (SPEC section 5). A dialog rather than the shared popover because Delete
 * sits in a menu that closes when an item is chosen.
 */
export function ConfirmDeleteModal({ opened, title, onClose, onConfirm }: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      // The action toasts its own failure (SPEC section 8); the dialog only closes.
      console.error(error);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm" centered>
      <Text size="sm" mb="md">
        {t('common.areYouSure')}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color="red.8" loading={busy} onClick={() => void confirm()}>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
