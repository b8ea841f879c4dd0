import { dateTimeFormat } from '../../i18n/intl-formats';

/** An instant as a person reads it, in their language and a given zone: "Tue 5 Mar 2030, 10:00 CET". */
export function formatWhen(instant: string | Date, zone: string, language: string) {
  return dateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/** The browser's own zone, the dialog's default. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone the browser knows, for the pickers. */
export const allZones = (): string[] => {
  const withValues = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return withValues.supportedValuesOf?.('timeZone') ?? [browserZone()];
};
