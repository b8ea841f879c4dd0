import { CONTRACT_TYPES, WORKPLACES } from '@vivier/contract';
import type { CareersSite, PublicOffer } from './careers.queries.ts';
import type { CareersFilters } from './careers-filters.ts';
import { formatDate, placeOf, salaryOf } from './careers-format.ts';
import { layout, linkTo, offerPath, type PageContext, sitePath } from './careers-layout.ts';
import { type Html, html, trustedHtml } from './html.ts';
import type { PostingOffer } from './job-posting.ts';
import { privacyPath } from './privacy-page.ts';

/** The short facts of an offer: place, contract, workplace, and on its own page salary. */
function facts(ctx: PageContext, offer: PublicOffer, withSalary: boolean) {
  const t = ctx.texts;
  const rows: [string, string][] = [];
  const place = placeOf(offer, ctx.lang);
  if (place) rows.push([t.location, place]);
  if (offer.contractType) rows.push([t.contract, t.contracts[offer.contractType]]);
  rows.push([t.workplace, t.workplaces[offer.workplace]]);
  const salary = withSalary ? salaryOf(offer, ctx.lang) : '';
  if (salary) rows.push([t.salary, salary]);
  return html`<dl class="facts">${rows.map(([term, value]) => html`<div><dt>${term}</dt><dd>${value}</dd></div>`)}</dl>`;
}

const posted = (ctx: PageContext, offer: PublicOffer) =>
  offer.publishedAt
    ? html`<p class="facts">${ctx.texts.posted(formatDate(offer.publishedAt, ctx.lang))}</p>`
    : '';

function offerItems(ctx: PageContext, site: CareersSite, offers: PublicOffer[], embed: boolean) {
  return html`<ul class="offers">${offers.map(
    (offer) =>
      html`<li><h3><a href="${linkTo(ctx, offerPath(site.slug, offer.publicSlug ?? ''))}"${embed ? trustedHtml(' target="_blank"') : ''}>${offer.name}</a></h3>${facts(ctx, offer, false)}${embed ? '' : posted(ctx, offer)}</li>`,
  )}</ul>`;
}

function select<V extends string>(
  name: string,
  label: string,
  any: string,
  values: readonly V[],
  labels: Record<V, string>,
  chosen: V | undefined,
) {
  return html`<label>${label}<select name="${name}"><option value="">${any}</option>${values.map(
    (v) => html`<option value="${v}"${v === chosen ? trustedHtml(' selected') : ''}>${labels[v]}</option>`,
  )}</select></label>`;
}

/** The filters as a plain GET form: it works without JavaScript and its result has an address. */
function filtersForm(ctx: PageContext, site: CareersSite, filters: CareersFilters) {
  const t = ctx.texts;
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return html`<form class="filters" method="get" action="${sitePath(site.slug)}" role="search" aria-label="${t.filters}">
<label>${t.search}<input type="search" name="q" value="${filters.q ?? ''}" maxlength="100"></label>
<label>${t.location}<input type="text" name="location" value="${filters.location ?? ''}" maxlength="100"></label>
${select('contract', t.contract, t.any, CONTRACT_TYPES, t.contracts, filters.contract)}
${select('workplace', t.workplace, t.any, WORKPLACES, t.workplaces, filters.workplace)}
${ctx.explicitLang ? html`<input type="hidden" name="lang" value="${ctx.lang}">` : ''}
${ctx.source ? html`<input type="hidden" name="source" value="${ctx.source}">` : ''}
<button type="submit">${t.submit}</button>${filtered ? html`<a href="${linkTo(ctx, sitePath(site.slug))}">${t.clear}</a>` : ''}
</form>`;
}

export type ListResult = { offers: PublicOffer[]; total: number; page: number; pages: number };

/** `/careers/{slug}`: the introduction, the filters, a page of offers newest first, or the empty state. */
export function listPage(ctx: PageContext, site: CareersSite, filters: CareersFilters, list: ListResult) {
  const t = ctx.texts;
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const pageLink = (page: number) =>
    linkTo(ctx, sitePath(site.slug), { ...filters, page: page === 1 ? undefined : page });
  const body: Html = html`${site.intro ? html`<p class="intro">${site.intro}</p>` : ''}
<h2>${t.openPositions}</h2>
${filtersForm(ctx, site, filters)}
${
  list.total === 0
    ? html`<p>${filtered ? t.noMatch : t.empty}</p>`
    : html`<p>${t.count(list.total)}</p>${offerItems(ctx, site, list.offers, false)}`
}
${
  list.pages > 1
    ? html`<nav class="pages" aria-label="${t.openPositions}">${list.page > 1 ? html`<a href="${pageLink(list.page - 1)}" rel="prev">${t.previous}</a>` : html`<span></span>`}${list.page < list.pages ? html`<a href="${pageLink(list.page + 1)}" rel="next">${t.next}</a>` : ''}</nav>`
    : ''
}
<p><a href="${linkTo(ctx, privacyPath(site.slug))}">${t.privacy.link}</a></p>`;
  return layout(ctx, site, { title: t.htmlTitle(site.organisation), main: body });
}

/** `/careers/{slug}/embed`: the offers alone, compact, for an iframe on the company's own site. */
export function embedPage(ctx: PageContext, site: CareersSite, list: ListResult) {
  const t = ctx.texts;
  const main = list.total === 0 ? html`<p>${t.empty}</p>` : offerItems(ctx, site, list.offers, true);
  return layout(ctx, site, { title: t.htmlTitle(site.organisation), main, embed: true, noindex: true });
}

/** `/careers/{slug}/jobs/{public_slug}`: the posting and its apply form, with its JobPosting JSON-LD in the head. */
export function offerPage(
  ctx: PageContext,
  site: CareersSite,
  offer: PostingOffer,
  jsonLd: unknown,
  form: Html,
) {
  const t = ctx.texts;
  const main = html`<p><a href="${linkTo(ctx, sitePath(site.slug))}">${t.allOffers}</a></p>
<article class="offer"><h2>${offer.name}</h2>${facts(ctx, offer, true)}${posted(ctx, offer)}
<div class="description">${trustedHtml(offer.description)}</div></article>
${form}`;
  return layout(ctx, site, { title: `${offer.name} – ${site.organisation}`, main, jsonLd });
}
