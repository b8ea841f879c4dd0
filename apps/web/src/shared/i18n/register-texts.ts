import { i18n } from './i18n';
import type { Texts } from './texts';

/** The English texts added so far: each object once, however many modules register it. */
const registered = new WeakSet<object>();

/**
 * Adds a lazy chunk's texts to i18next under `key`, in English and in French, once: a screen or dialog reached
 * only through a lazy import calls it when its module loads. The shell's texts (en.ts) are on every first page,
 * whose JavaScript DESIGN section 6 holds under 250 kB gzipped; a screen's own texts need not be. Merged into
 * what is there, so two chunks may add texts under the same key (settings and its careers site panel; the
 * candidate database and its import and CV dialogs, each with its own texts).
 */
export function registerTexts<T extends object>(key: string, en: T, fr: Texts<T>): void {
  if (registered.has(en)) return;
  registered.add(en);
  i18n.addResourceBundle('en', 'translation', { [key]: en }, true, false);
  i18n.addResourceBundle('fr', 'translation', { [key]: fr }, true, false);
}
