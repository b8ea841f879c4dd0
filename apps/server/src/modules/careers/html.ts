import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * A tiny HTML template for the careers pages (decision 190): every interpolated value is escaped unless it is
 * already `Html` (a fragment built by this template, or text marked trusted with `trustedHtml`). Arrays are
 * joined; null, undefined and false render nothing.
 */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
};

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/**
 * Marks text as HTML to insert as it is. Only for what was sanitised before it was stored (an offer's
 * description, sanitised on the rich-text thread when saved) or built here (JSON-LD, escaped by `jsonLd`).
 */
export const trustedHtml = (text: string) => new Html(text);

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>`, `&` and the line separators written as
 * escapes, so no value can close the script element or start a comment.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
