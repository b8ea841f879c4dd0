import { createHash } from 'node:crypto';
import type { Challenge } from 'altcha-lib/v1/types';
import type { ApplyQuestion } from './apply/apply.queries.ts';
import type { FieldError } from './apply/apply-form.ts';
import type { CareersSite } from './careers.queries.ts';
import { layout, linkTo, offerPath, type PageContext, sitePath } from './careers-layout.ts';
import { type Html, html, trustedHtml } from './html.ts';

/** What the form shows: the values sent back (after an error), each field's error, the hidden guards. */
export type ApplyFormState = {
  formToken: string;
  source: string;
  values: Map<string, string>;
  errors: Map<string, FieldError>;
  /** Set when the form must be sent with a proof of work (decision 191). */
  challenge?: Challenge | undefined;
};

/**
 * The one script of the careers site, served only with a form that must carry a proof of work: it finds the
 * number whose SHA-256 with the challenge's salt is the challenge (altcha's v1 scheme), then fills the hidden
 * field. Static text, allowed by its hash in that page's CSP.
 */
export const PROOF_SCRIPT = `(async()=>{const f=document.getElementById('apply-form');const s=document.getElementById('pow-status');
const c=JSON.parse(f.getAttribute('data-challenge'));const b=f.querySelector('button[type=submit]');b.disabled=true;
s.textContent=s.getAttribute('data-working');const e=new TextEncoder();
for(let n=0;n<=c.maxnumber;n++){const h=new Uint8Array(await crypto.subtle.digest('SHA-256',e.encode(c.salt+n)));
let x='';for(const v of h)x+=v.toString(16).padStart(2,'0');
if(x===c.challenge){f.elements.altcha.value=btoa(JSON.stringify({algorithm:c.algorithm,challenge:c.challenge,number:n,salt:c.salt,signature:c.signature}));
b.disabled=false;s.textContent=s.getAttribute('data-done');return}}
s.textContent=s.getAttribute('data-failed')})();`;
export const PROOF_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PROOF_SCRIPT).digest('base64')}'`;

const fieldId = (name: string) => `f-${name}`;

/** A field's error message, tied to it by `aria-describedby`. */
function errorOf(ctx: PageContext, state: ApplyFormState, name: string) {
  const error = state.errors.get(name);
  return error
    ? html`<span class="error" id="${fieldId(name)}-error">${ctx.texts.fieldErrors[error]}</span>`
    : '';
}

/** The attributes of an input: id, name, required, and its error state. */
function attrs(state: ApplyFormState, name: string, required: boolean) {
  const invalid = state.errors.has(name);
  return trustedHtml(
    html` id="${fieldId(name)}" name="${name}"${required ? trustedHtml(' required') : ''}${
      invalid ? html` aria-invalid="true" aria-describedby="${fieldId(name)}-error"` : ''
    }`.text,
  );
}

const labelText = (ctx: PageContext, text: string, required: boolean) =>
  required ? html`${text} *` : html`${text} <span class="hint">(${ctx.texts.apply.optional})</span>`;

function textField(
  ctx: PageContext,
  state: ApplyFormState,
  field: {
    name: string;
    label: string;
    type?: string;
    required: boolean;
    max: number;
    autocomplete?: string;
  },
) {
  const value = state.values.get(field.name) ?? '';
  return html`<div class="field"><label for="${fieldId(field.name)}">${labelText(ctx, field.label, field.required)}</label>
<input type="${field.type ?? 'text'}"${attrs(state, field.name, field.required)} maxlength="${field.max}" value="${value}"${
    field.autocomplete ? html` autocomplete="${field.autocomplete}"` : ''
  }>${errorOf(ctx, state, field.name)}</div>`;
}

function longField(
  ctx: PageContext,
  state: ApplyFormState,
  name: string,
  label: string,
  required: boolean,
  max: number,
) {
  return html`<div class="field"><label for="${fieldId(name)}">${labelText(ctx, label, required)}</label>
<textarea${attrs(state, name, required)} maxlength="${max}" rows="6">${state.values.get(name) ?? ''}</textarea>${errorOf(ctx, state, name)}</div>`;
}

/** A question of the offer as a field of its kind. */
function questionField(ctx: PageContext, state: ApplyFormState, question: ApplyQuestion) {
  const name = `q_${question.id}`;
  const t = ctx.texts.apply;
  const value = state.values.get(name) ?? '';
  if (question.kind === 'short_text') {
    return textField(ctx, state, { name, label: question.label, required: question.required, max: 200 });
  }
  if (question.kind === 'long_text')
    return longField(ctx, state, name, question.label, question.required, 5000);
  const options: [string, string][] =
    question.kind === 'yes_no'
      ? [
          ['yes', t.yes],
          ['no', t.no],
        ]
      : question.choices.map((c) => [c, c]);
  return html`<div class="field"><label for="${fieldId(name)}">${labelText(ctx, question.label, question.required)}</label>
<select${attrs(state, name, question.required)}><option value="">${t.choose}</option>${options.map(
    ([v, label]) =>
      html`<option value="${v}"${v === value ? trustedHtml(' selected') : ''}>${label}</option>`,
  )}</select>${errorOf(ctx, state, name)}</div>`;
}

/** The apply form, under the posting: it works without JavaScript unless a proof of work is asked. */
export function applyForm(
  ctx: PageContext,
  site: CareersSite,
  offer: { publicSlug: string },
  questions: ApplyQuestion[],
  state: ApplyFormState,
): Html {
  const t = ctx.texts.apply;
  const action = linkTo(ctx, `${offerPath(site.slug, offer.publicSlug)}/apply`);
  const hasErrors = state.errors.size > 0;
  const consentError = state.errors.get('consent');
  const challenge = state.challenge;
  return html`<section class="apply" aria-labelledby="apply-title"><h2 id="apply-title">${t.title}</h2>
${hasErrors ? html`<div class="alert" role="alert"><p>${t.errorsTitle}</p>${state.values.size > 0 ? html`<p>${t.chooseCvAgain}</p>` : ''}</div>` : ''}
${challenge ? html`<div class="alert" role="status"><p>${t.challenge}</p><p id="pow-status" data-working="${t.challengeWorking}" data-done="${t.challengeDone}" data-failed="${t.challengeFailed}"></p><noscript><p>${t.noScript}</p></noscript></div>` : ''}
<p class="hint">${t.intro}</p>
<form id="apply-form" method="post" action="${action}" enctype="multipart/form-data"${
    challenge ? html` data-challenge="${JSON.stringify(challenge)}"` : ''
  }>
<input type="hidden" name="form_token" value="${state.formToken}">
<input type="hidden" name="source" value="${state.source}">
<input type="hidden" name="altcha" value="">
<div class="hp" aria-hidden="true"><label for="f-website">${t.honeypot}</label><input type="text" id="f-website" name="website" tabindex="-1" autocomplete="off"></div>
${textField(ctx, state, { name: 'first_name', label: t.firstName, required: true, max: 200, autocomplete: 'given-name' })}
${textField(ctx, state, { name: 'last_name', label: t.lastName, required: true, max: 200, autocomplete: 'family-name' })}
${textField(ctx, state, { name: 'email', label: t.email, type: 'email', required: true, max: 254, autocomplete: 'email' })}
${textField(ctx, state, { name: 'phone', label: t.phone, type: 'tel', required: true, max: 40, autocomplete: 'tel' })}
<div class="field"><label for="f-cv">${t.cv} *</label><input type="file"${attrs(state, 'cv', true)} accept=".pdf,.docx,.odt,.txt,application/pdf,text/plain">${errorOf(ctx, state, 'cv')}</div>
${longField(ctx, state, 'cover_letter', t.coverLetter, false, 10_000)}
${questions.map((q) => questionField(ctx, state, q))}
<div class="field consent"><input type="checkbox" value="yes"${attrs(state, 'consent', true)}${
    state.values.get('consent') === 'yes' ? trustedHtml(' checked') : ''
  }><label for="f-consent">${t.consent(site.organisation)}${
    site.privacyNoticeUrl
      ? html` <a href="${site.privacyNoticeUrl}" rel="noopener" target="_blank">${t.privacyNotice}</a>`
      : ''
  }</label>${consentError ? errorOf(ctx, state, 'consent') : ''}</div>
<button type="submit">${t.submit}</button>
</form>${challenge ? html`<script>${trustedHtml(PROOF_SCRIPT)}</script>` : ''}</section>`;
}

/** The consent as the visitor read it: the sentence, and the privacy notice's address when there is one. */
export const consentText = (ctx: PageContext, site: CareersSite) =>
  `${ctx.texts.apply.consent(site.organisation)}${site.privacyNoticeUrl ? ` (${site.privacyNoticeUrl})` : ''}`;

/** The page after a sent application. */
export function appliedPage(ctx: PageContext, site: CareersSite, offer: { name: string }) {
  const t = ctx.texts.apply;
  return layout(ctx, site, {
    title: `${t.sentTitle} – ${site.organisation}`,
    main: html`<h2>${t.sentTitle}</h2><p role="status">${t.sent(offer.name)}</p><p><a href="${linkTo(ctx, sitePath(site.slug))}">${ctx.texts.allOffers}</a></p>`,
    noindex: true,
  });
}
