import { ConfirmModal, type ConfirmModalProps } from '../../../shared/widgets/confirm-modal/confirm-modal';

/**
 * 'Are you sure?' with Cancel and Ok (SPEC section 5). A dialog rather than the shared popover because Delete
 * sits in a menu that closes when an item is chosen.
 */
export function ConfirmDeleteModal(props: Pick<ConfirmModalProps, 'title' | 'onClose' | 'onConfirm'>) {
  return <ConfirmModal {...props} confirmColor="red.8" gap="xs" />;
}
