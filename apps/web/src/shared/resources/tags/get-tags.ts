import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callAll } from '../../api/call';
import { withSilentFailure } from '../../api/silent-failure';
import { type Tag, tagKeys } from './tag';

/** GET /tags, every page merged; the form searches them itself. A tag error is silent (SPEC section 8). */
export const getTags = (): Promise<Tag[]> => withSilentFailure(() => callAll(routes.tags.list));

export const tagsQueryOptions = () => queryOptions({ queryKey: tagKeys.all, queryFn: getTags });

export const useTags = (enabled: boolean) => useQuery({ ...tagsQueryOptions(), enabled });
