import type { Tag as WireTag } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A tag of the licence (SPEC section 3), as the app sees it. */
export type Tag = Camelize<WireTag>;

export const tagKeys = {
  all: ['tags'] as const,
  /** Tag management's list, under the tags key so the offer form's list and it refresh together. */
  managed: () => [...tagKeys.all, 'managed'] as const,
};
