import type { CareersSite } from './careers.queries.ts';
import { type CareersTexts, LANGUAGE_NAMES, LANGUAGES, type Language, TEXTS } from './careers-i18n.ts';
import { careersStyle } from './careers-style.ts';
import { type Html, html, jsonForScript, trustedHtml } from './html.ts';

/** The colour of pages with no careers site behind them (an unknown slug): the schema's default. */
const DEFAULT_COLOUR = '#364fc7';

/** What every careers page knows of its request: the language, and how to link within the site. */
export type PageContext = {
  lang: Language;
  texts: CareersTexts;
  /** Whether the language came from `?lang=`: links then keep it, as nothing else remembers it (no cookie). */
  explicitLang: boolean;
  /** The page's own path and query, for the language switch. */
  path: string;
  query: Record<string, string | undefined>;
  /**
   * Where the visitor came from (`?source=` or `?utm_source=`, folded as stored, issue 23), when the address
   * named it: every link keeps it, so an application sent after browsing the list still records it.
   */
  source?: string | undefined;
};

export function pageContext(
  lang: Language,
  explicitLang: boolean,
  path: string,
  query: Record<string, string | undefined> = {},
  source?: string,
): PageContext {
  return { lang, texts: TEXTS[lang], explicitLang, path, query, source };
}

/** `path?query` with the empty values left out, and the visitor's chosen language and source kept. */
export function linkTo(
  ctx: PageContext,
  path: string,
  query: Record<string, string | number | undefined> = {},
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (ctx.explicitLang && !params.has('lang')) params.set('lang', ctx.lang);
  if (ctx.source && !params.has('source')) params.set('source', ctx.source);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const sitePath = (slug: string) => `/careers/${encodeURIComponent(slug)}`;
export const offerPath = (slug: string, publicSlug: string) =>
  `${sitePath(slug)}/jobs/${encodeURIComponent(publicSlug)}`;

/** A link to the same page in each other language. */
function languageSwitch(ctx: PageContext) {
  const others = LANGUAGES.filter((l) => l !== ctx.lang);
  return html`<nav aria-label="${ctx.texts.language}">${others.map(
    (l) =>
      html`<a href="${linkTo(ctx, ctx.path, { ...ctx.query, lang: l })}" hreflang="${l}" lang="${l}">${LANGUAGE_NAMES[l]}</a>`,
  )}</nav>`;
}

export type Page = { body: string; styleHash: string };

/** A whole page: head (title, robots, JSON-LD), the site's header with its logo and the language switch. */
export function layout(
  ctx: PageContext,
  site: CareersSite | undefined,
  content: {
    title: string;
    main: Html;
    noindex?: boolean;
    jsonLd?: unknown;
    embed?: boolean;
  },
): Page {
  const style = careersStyle(site?.colour ?? DEFAULT_COLOUR);
  const organisation = site?.organisation;
  const header = html`<header><div class="bar">${
    site?.logoKey
      ? html`<img src="${sitePath(site.slug)}/logo" alt="${ctx.texts.logo(site.organisation)}">`
      : ''
  }${
    organisation && site
      ? html`<h1><a href="${linkTo(ctx, sitePath(site.slug))}"${content.embed ? trustedHtml(' target="_blank"') : ''}>${organisation}</a></h1>`
      : html`<h1>${content.title}</h1>`
  }${content.embed ? '' : languageSwitch(ctx)}</div></header>`;
  const page = html`<!doctype html>
<html lang="${ctx.lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${content.title}</title>
${content.noindex ? html`<meta name="robots" content="noindex">` : ''}
<style>${trustedHtml(style.css)}</style>
${content.jsonLd ? html`<script type="application/ld+json">${trustedHtml(jsonForScript(content.jsonLd))}</script>` : ''}
</head><body${content.embed ? trustedHtml(' class="embed"') : ''}>${header}<main>${content.main}</main></body></html>`;
  return { body: page.text, styleHash: style.hash };
}

/** The page of a failure (404, 400, 429, 500) in the visitor's language, never indexed. */
export function messagePage(
  ctx: PageContext,
  site: CareersSite | undefined,
  { title, message }: { title: string; message: string },
) {
  return layout(ctx, site, {
    title: site ? `${title} – ${site.organisation}` : title,
    main: html`${site ? html`<h2>${title}</h2>` : ''}<p>${message}</p>${
      site ? html`<p><a href="${linkTo(ctx, sitePath(site.slug))}">${ctx.texts.allOffers}</a></p>` : ''
    }`,
    noindex: true,
  });
}
