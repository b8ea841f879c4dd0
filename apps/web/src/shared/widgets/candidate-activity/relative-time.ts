import { relativeTimeFormat } from '../../i18n/intl-formats';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "2 days ago" / "il y a 2 jours": the time from `now` to `date` in the largest unit that fits, worded by
 * Intl.RelativeTimeFormat in the user's language ("now" / "maintenant" under a minute).
 */
export function relativeTime(date: string | Date, language: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  // 'always': "il y a 2 jours", not "avant-hier" (issue 21's wording); 'auto' only for "now".
  const format = relativeTimeFormat(language, { numeric: 'always' });
  if (Math.abs(seconds) < 60) return relativeTimeFormat(language, { numeric: 'auto' }).format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(Math.trunc(seconds), 'second');
}
