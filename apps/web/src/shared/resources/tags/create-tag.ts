import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { cacheMutation, refetchAfterWrite } from '../../api/query-client';
import { callSilently } from '../../api/silent-failure';
import { type Tag, tagKeys } from './tag';

/**
 * POST /tags `{name}`: the server answers the existing tag when the name is taken (ignoring case), and 403 when
 * the tags rule forbids the caller. A tag error is silent (SPEC section 8).
 */
export const createTag = (name: string): Promise<Tag> => callSilently(routes.tags.create, { body: { name } });

/** The new tag shows at once in the cached list, then the list is fetched again for the server's order. */
export const useCreateTag = () =>
  useMutation(
    cacheMutation(createTag, (client, tag) => {
      client.setQueryData<Tag[]>(tagKeys.all, (tags) =>
        tags && !tags.some((item) => item.id === tag.id) ? [...tags, tag] : tags,
      );
      return refetchAfterWrite(client, { queryKey: tagKeys.all });
    }),
  );
