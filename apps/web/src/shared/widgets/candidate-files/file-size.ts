import { numberFormat } from '../../i18n/intl-formats';

/**
 * A file's size as people read it, in the language shown: "812 bytes", "34 kB", "1.2 MB". Bytes are written in
 * full: the short form of CLDR is "812 byte" in English, which reads wrong.
 */
export function fileSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
