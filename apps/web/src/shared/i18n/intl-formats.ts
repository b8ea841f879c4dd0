/**
 * Intl formatters, built once per locale and options and reused. Building one is the slow part: Chromium's ICU
 * reads the locale's patterns each time, and the job offers index spent about 110 ms of its first render building
 * one date format per card render (a CPU profile of a cold load, decision 212). Formatting with a built one costs
 * microseconds.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<Format, Options>(
  cache: Map<string, Format>,
  build: (locale: string | undefined, options: Options) => Format,
  locale: string | undefined,
  options: Options,
): Format {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = build(locale, options);
    cache.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions = {}) =>
  cached(dateTimeFormats, (l, o) => new Intl.DateTimeFormat(l, o), locale, options);

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  cached(numberFormats, (l, o) => new Intl.NumberFormat(l, o), locale, options);

export const relativeTimeFormat = (
  locale: string | undefined,
  options: Intl.RelativeTimeFormatOptions = {},
) => cached(relativeTimeFormats, (l, o) => new Intl.RelativeTimeFormat(l, o), locale, options);
