import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';

const setSelectedStatuses = (selectedStatuses: number[]) =>
  useAppStore.getState().setContext({ selectedStatuses });

/**
 * The statuses picked on a screen, kept in the store's `context.selectedStatuses` (SPEC section 3), and cleared
 * when the screen is left (SPEC section 4: "Selected statuses clear when leaving copy, export or list screens").
 */
export function useSelectedStatuses() {
  const selected = useAppStore((state) => state.context.selectedStatuses);
  useEffect(() => () => setSelectedStatuses([]), []);
  return [selected, setSelectedStatuses] as const;
}
