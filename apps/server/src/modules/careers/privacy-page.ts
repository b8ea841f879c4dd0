import type { CareersSite } from './careers.queries.ts';
import { layout, linkTo, type PageContext, sitePath } from './careers-layout.ts';
import { html, trustedHtml } from './html.ts';

export const privacyPath = (slug: string) => `${sitePath(slug)}/privacy`;

export type PrivacyFieldError = 'required' | 'invalidEmail';

/** The request form as shown: the values sent back after an error, and each field's error. */
export type PrivacyFormState = {
  kind: string;
  email: string;
  errors: Map<'kind' | 'email', PrivacyFieldError>;
};

const errorOf = (ctx: PageContext, state: PrivacyFormState, name: 'kind' | 'email') => {
  const error = state.errors.get(name);
  return error ? html`<span class="error" id="p-${name}-error">${ctx.texts.privacy[error]}</span>` : '';
};

const invalid = (state: PrivacyFormState, name: 'kind' | 'email') =>
  state.errors.has(name) ? html` aria-invalid="true" aria-describedby="p-${name}-error"` : '';

/**
 * `/careers/{slug}/privacy` (issue 24, decision 194): a person asks for a copy or the erasure of their data.
 * A plain form, no script; whatever is typed, the next page says the same.
 */
export function privacyFormPage(ctx: PageContext, site: CareersSite, state: PrivacyFormState) {
  const t = ctx.texts.privacy;
  const radio = (value: 'access' | 'erasure') =>
    html`<div class="field consent"><input type="radio" id="p-kind-${value}" name="kind" value="${value}" required${
      state.kind === value ? trustedHtml(' checked') : ''
    }${invalid(state, 'kind')}><label for="p-kind-${value}">${t[value]}</label></div>`;
  const main = html`<h2>${t.title}</h2>
${state.errors.size > 0 ? html`<div class="alert" role="alert"><p>${t.errorsTitle}</p></div>` : ''}
<p>${t.intro(site.organisation)}</p>
<form method="post" action="${linkTo(ctx, privacyPath(site.slug))}">
<div class="hp" aria-hidden="true"><label for="p-website">${ctx.texts.apply.honeypot}</label><input type="text" id="p-website" name="website" tabindex="-1" autocomplete="off"></div>
<fieldset><legend>${t.kind} *</legend>${radio('access')}${radio('erasure')}${errorOf(ctx, state, 'kind')}</fieldset>
<div class="field"><label for="p-email">${t.email} *</label>
<input type="email" id="p-email" name="email" required maxlength="254" autocomplete="email" value="${state.email}"${invalid(state, 'email')}>${errorOf(ctx, state, 'email')}</div>
<button type="submit">${t.submit}</button>
</form>`;
  return layout(ctx, site, { title: `${t.title} – ${site.organisation}`, main, noindex: true });
}

/** A page of the flow with a title, a message and a link (sent, confirmed, a link no longer good). */
export function privacyMessagePage(
  ctx: PageContext,
  site: CareersSite,
  { title, message, again = false }: { title: string; message: string; again?: boolean },
) {
  const t = ctx.texts.privacy;
  const main = html`<h2>${title}</h2><p role="status">${message}</p>${
    again ? html`<p><a href="${linkTo(ctx, privacyPath(site.slug))}">${t.newRequest}</a></p>` : ''
  }<p><a href="${linkTo(ctx, sitePath(site.slug))}">${ctx.texts.allOffers}</a></p>`;
  return layout(ctx, site, { title: `${title} – ${site.organisation}`, main, noindex: true });
}

/** The page a mailed link opens: one button that confirms (a mail scanner fetching the link confirms nothing). */
export function privacyConfirmPage(
  ctx: PageContext,
  site: CareersSite,
  { kind, action }: { kind: 'access' | 'erasure'; action: string },
) {
  const t = ctx.texts.privacy;
  const main = html`<h2>${t.confirmTitle}</h2><p>${kind === 'access' ? t.confirmAccess : t.confirmErasure}</p>
<form method="post" action="${action}"><button type="submit">${t.confirm}</button></form>`;
  return layout(ctx, site, { title: `${t.confirmTitle} – ${site.organisation}`, main, noindex: true });
}
