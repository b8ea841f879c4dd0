import type { Language } from './careers-i18n.ts';

// Made once per language: building an Intl formatter costs far more than using one (50 offers a page).
const DATES = {
  en: new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }),
  fr: new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }),
};
const REGIONS = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  fr: new Intl.DisplayNames(['fr'], { type: 'region' }),
};

/** A date as the visitor's language writes it (the day in UTC, as stored). */
export const formatDate = (date: Date, lang: Language) => DATES[lang].format(date);

/** A country's name in the visitor's language from its ISO code; the code itself when unknown. */
export function countryName(code: string, lang: Language) {
  try {
    return REGIONS[lang].of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Lyon, France": what the offer says of its place. */
export function placeOf(offer: { city: string | null; country: string | null }, lang: Language) {
  return [offer.city, offer.country ? countryName(offer.country, lang) : null].filter(Boolean).join(', ');
}

/** "€45,000 – €55,000" (or one bound) in the visitor's language; empty when there is no salary. */
export function salaryOf(
  offer: { salaryMin: number | null; salaryMax: number | null; salaryCurrency: string | null },
  lang: Language,
) {
  if (!offer.salaryCurrency || (offer.salaryMin === null && offer.salaryMax === null)) return '';
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(lang, {
      style: 'currency',
      currency: offer.salaryCurrency,
      maximumFractionDigits: 0,
    });
  } catch {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  }
  const bounds = [offer.salaryMin, offer.salaryMax].filter((n): n is number => n !== null);
  return [...new Set(bounds)].map((n) => format.format(n)).join(' – ');
}
