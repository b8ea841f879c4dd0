import { useState } from 'react';

/**
 * The confirm button of a question (popover or dialog): `busy` while the action runs, then the question closes
 * whatever the outcome. The action reports its own failure (SPEC section 8); here it is only logged.
 */
export function useConfirmAction(action: () => unknown, close: () => void) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
      close();
    }
  };
  return { busy, confirm: () => void confirm() };
}
