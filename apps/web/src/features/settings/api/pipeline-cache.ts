import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';

/**
 * Runs a pipeline write; its failure toasts the action's message (SPEC section 8), unless `handled` says the
 * screen answers it itself (then the console only).
 */
export async function withStatusToast<T>(
  action: () => Promise<T>,
  message: string,
  handled: (error: unknown) => boolean = () => false,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (handled(error)) console.error(error);
    else notifyError(error, message);
    throw error;
  }
}

/**
 * Every pipeline write makes all cached server data stale: statuses are embedded in job offers (their summary),
 * applications and the settings (a deleted contacted status becomes none), and the features that cache those
 * are not this one's to name. What is on screen refetches now, the rest when next shown.
 */
export function usePipelineWrite<V, R>(write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => refetchAfterWrite(queryClient) });
}
