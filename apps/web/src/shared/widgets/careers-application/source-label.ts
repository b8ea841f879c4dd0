import { CAREERS_PAGE_SOURCE } from '@vivier/contract/careers-apply-texts';
import type { TFunction } from 'i18next';

/**
 * An application's source as a person reads it: the careers page's own name in the interface's language, any
 * other (`linkedin`, a link's `utm_source`) as the link wrote it.
 */
export const sourceLabel = (source: string, t: TFunction): string =>
  source === CAREERS_PAGE_SOURCE ? t('applications.careersPage') : source;
