import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withSilentFailure } from '../../api/silent-failure';
import { type Tag, tagKeys } from './tag';

/**
 * POST /tags `{name}`: the server answers the existing tag when the name is taken (ignoring case), and 403 when
 * the tags rule forbids the caller. A tag error is silent (SPEC section 8).
 */
export const createTag = (name: string): Promise<Tag> =>
  withSilentFailure(() => call(routes.tags.create, { body: { name } }));

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (tag) => {
      queryClient.setQueryData<Tag[]>(tagKeys.all, (tags) =>
        tags && !tags.some((item) => item.id === tag.id) ? [...tags, tag] : tags,
      );
      return queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
