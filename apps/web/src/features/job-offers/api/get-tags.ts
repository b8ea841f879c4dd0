import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainService } from '../../../shared/api/services';
import type { Tag } from '../types';
import { tagKeys } from './query-keys';
import { withSilentFailure } from './silent-failure';

/** GET /tags, every page merged; the form searches them itself. A tag error is silent (SPEC section 8). */
export const getTags = (): Promise<Tag[]> => withSilentFailure(() => mainService.getAll<Tag>('/tags'));

export const tagsQueryOptions = () => queryOptions({ queryKey: tagKeys.all, queryFn: getTags });

export const useTags = (enabled: boolean) => useQuery({ ...tagsQueryOptions(), enabled });
