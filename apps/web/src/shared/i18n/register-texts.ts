import { i18n } from './i18n';
import type { Texts } from './texts';

const registered = new Set<string>();

/**
 * Adds a lazy chunk's texts to i18next under `key`, in English and in French, once: a screen or dialog reached
 * only through a lazy import calls it when its module loads. The shell's texts (en.ts) are on every first page,
 * whose JavaScript DESIGN section 6 holds under 250 kB gzipped; a screen's own texts need not be. Merged into
 * what is there, so two chunks may add texts under the same key (settings and its careers site panel).
 */
export function registerTexts<T extends object>(key: string, en: T, fr: Texts<T>): void {
  if (registered.has(key)) return;
  registered.add(key);
  i18n.addResourceBundle('en', 'translation', { [key]: en }, true, false);
  i18n.addResourceBundle('fr', 'translation', { [key]: fr }, true, false);
}
