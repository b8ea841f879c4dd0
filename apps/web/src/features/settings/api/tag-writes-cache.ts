import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { tagKeys } from '../../../shared/resources/tags/tag';

/**
 * A tag write refetches the tag lists (this panel's and the offer form's). A rename or a delete also reaches
 * every job offer and candidate that carries the tag, cached by other features: then all cached server data
 * goes stale, and what is on screen refetches now.
 */
export function useTagWrite<V, R>(write: (variables: V) => Promise<R>, reach: 'tags' | 'everywhere') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => refetchAfterWrite(queryClient, reach === 'tags' ? { queryKey: tagKeys.all } : undefined),
  });
}
