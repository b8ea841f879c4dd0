import type { Role } from '@vivier/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/widgets/confirm-modal/confirm-modal';

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
  return (
    <ConfirmModal
      title={t(`users.roleConfirm.title.${role}`, { name })}
      text={t(`users.roleConfirm.effect.${role}`, { name })}
      confirmLabel={t('users.roleConfirm.confirm')}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
