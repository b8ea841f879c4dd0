import type { Language } from '../../../shared/i18n/i18n';
import { dateTimeFormat } from '../../../shared/i18n/intl-formats';

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

/**
 * A card's creation date in the short format of the interface's language: 11/22/2026 in English (SPEC section 2,
 * "short US format"), 22/11/2026 in French.
 */
export function formatCreationDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(LOCALES[language], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
