import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { reportMessage } from '../reporting/error-reporting';
import { en, type Translation } from './en';

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
 * The texts of the languages other than English, fetched the first time they are shown: a visit in English
 * never downloads the French catalogue, which would otherwise weigh on every first page (DESIGN section 6).
 */
const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<Translation>> = {
  fr: () => import('./fr').then((module) => module.fr),
};

const loaded = new Set<Language>(['en']);

/**
 * Makes `language`'s texts available (English always is). Merged into what is there: a lazy feature may have
 * added its own texts first (features/candidates/i18n.ts).
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await CATALOGUES[language](), true, false);
  loaded.add(language);
}

let latestSwitch = 0;

/**
 * Shows the interface in `language` once its texts are loaded. When switches overlap (a slow network, a quick
 * second choice), the last one asked for wins.
 */
export async function switchLanguage(language: Language): Promise<void> {
  const ask = ++latestSwitch;
  await loadLanguage(language);
  if (ask === latestSwitch && i18n.resolvedLanguage !== language) await i18n.changeLanguage(language);
}

/**
 * Starts i18next in English, whose texts are in the first page's bundle; `switchLanguage` then shows the
 * browser's language (fr-FR counts as fr) or the one stored in the client context, which overrides the
 * detection (SPEC section 1; app/context-language.ts).
 */
export function startI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    // A copy: i18next merges the lazy features' texts into the object it holds, and the registry stays as written.
    resources: { en: { translation: structuredClone(en) } },
    // Other languages' texts are added when first shown (loadLanguage).
    partialBundledLanguages: true,
    lng: 'en',
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
