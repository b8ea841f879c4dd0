import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callAll } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { type Tag, tagKeys } from '../../../shared/resources/tags/tag';

/**
 * GET /tags, every page merged, for tag management. Unlike the offer form's silent tag calls, an admin managing
 * tags is told: 'The tags could not be fetched' (SPEC section 8, docs/decisions/094).
 */
export const getManagedTags = (): Promise<Tag[]> =>
  withErrorToast(() => callAll(routes.tags.list), i18n.t('errors.tagsFetch'));

export const managedTagsQueryOptions = () =>
  queryOptions({ queryKey: tagKeys.managed(), queryFn: getManagedTags });

/** The licence's tags, fetched once the panel opens (SPEC section 2: "Tags load when the panel opens"). */
export const useManagedTags = (enabled: boolean) => useQuery({ ...managedTagsQueryOptions(), enabled });
