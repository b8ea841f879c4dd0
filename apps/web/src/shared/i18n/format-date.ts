import { currentLanguage } from './i18n';
import { dateTimeFormat } from './intl-formats';

const LOCALES = { en: 'en-US', fr: 'fr-FR' } as const;

/** A day in the interface's language ('Mar 4, 2026', '4 mars 2026'); '' for a value that is not a date. */
export function formatDate(value: string | Date): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return dateTimeFormat(LOCALES[currentLanguage()], { dateStyle: 'medium' }).format(at);
}
