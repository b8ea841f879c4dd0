import { Button, Group, Modal, Text } from '@mantine/core';
import type { Role } from '@vivier/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RoleConfirmModalProps {
  /** The person whose role changes, as the table names them. */
  name: string;
  /** The role they would get. */
  role: Role;
  /** Changes the role; its failure is toasted by the call itself ('The user could not be saved'). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks before the users table's role checkbox promotes or demotes someone: naming the person and the new role,
 * and what it changes for them. The change is made only on Confirm.
 */
export function RoleConfirmModal({ name, role, onConfirm, onClose }: RoleConfirmModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      // Already toasted by the call (SPEC section 8); the question only closes.
      console.error(error);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title={t(`users.roleConfirm.title.${role}`, { name })} size="sm" centered>
      <Text size="sm" mb="md">
        {t(`users.roleConfirm.effect.${role}`, { name })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void confirm()} loading={busy}>
          {t('users.roleConfirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
