import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { reportMessage } from '../reporting/error-reporting';
import { en } from './en';
import { fr } from './fr';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A missing key is reported to the console and the error reporter, and the key itself is shown (SPEC section 1). */
export function reportMissingKey(key: string, language: string): void {
  const message = `Missing translation "${key}" (${language})`;
  console.error(message);
  reportMessage(message);
}

/**
 * The first of the browser's languages the app has (fr-FR counts as fr), else the page's, else English. A few
 * lines rather than i18next's detector plugin, which weighs on the first page (DESIGN section 6) for this.
 */
export function browserLanguage(): Language {
  const preferred = [...(navigator.languages ?? []), navigator.language, document.documentElement.lang];
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * Starts i18next: the browser language (fr-FR counts as fr), else English. A language stored in the client
 * context overrides the detection (SPEC section 1); the app applies it once the store is restored.
 */
export function startI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: browserLanguage(),
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key) => reportMissingKey(key, languages.join(',')),
    parseMissingKeyHandler: (key) => key,
    initAsync: false,
  });
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
  return i18n;
}

/** The language the interface shows now, narrowed to the two the app has. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage;
  return isLanguage(language) ? language : 'en';
}

export { i18n };
