/**
 * The careers application's constants with no zod, so the browser can import them alone
 * (`@vivier/contract/careers-apply-texts`): the default source, a source's spelling, the confirmation mail's
 * limits, placeholders and built-in texts. `careers-apply.ts` re-exports them.
 */

/** The source an application gets when its careers link named none (`?source=` / `utm_source`). */
export const CAREERS_PAGE_SOURCE = 'careers_page';

/** A source as stored: lower-case letters, digits, `_`, `-` and `.`, at most 50 (other spellings are folded). */
export const SOURCE_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,49}$/;

/** The confirmation mail's limits (`CareersSiteInput.confirmation`): a subject is one line. */
export const CONFIRMATION_SUBJECT_MAX = 200;
export const CONFIRMATION_BODY_MAX = 10_000;

/** The placeholders of the confirmation mail's texts, replaced by the applicant's and the offer's values. */
export const CONFIRMATION_PLACEHOLDERS = ['first_name', 'last_name', 'job_offer', 'organisation'] as const;
export type ConfirmationValues = Record<(typeof CONFIRMATION_PLACEHOLDERS)[number], string>;

export type ConfirmationText = { subject: string; body: string };

/**
 * The confirmation mail an applicant receives when a licence has not written its own (per language, decision
 * 191). Plain text; `{placeholder}`s are replaced by `fillConfirmation`.
 */
export const DEFAULT_CONFIRMATION: Record<'en' | 'fr', ConfirmationText> = {
  en: {
    subject: 'Your application for {job_offer}',
    body: [
      'Hello {first_name},',
      '',
      'Thank you for applying for {job_offer}. We have received your application and will read it carefully.',
      'We will come back to you as soon as we can.',
      '',
      '{organisation}',
    ].join('\n'),
  },
  fr: {
    subject: 'Votre candidature : {job_offer}',
    body: [
      'Bonjour {first_name},',
      '',
      'Merci pour votre candidature au poste {job_offer}. Nous l’avons bien reçue et allons la lire avec attention.',
      'Nous reviendrons vers vous dès que possible.',
      '',
      '{organisation}',
    ].join('\n'),
  },
};

/** The text with each known `{placeholder}` replaced; anything else in braces is left as written. */
export function fillConfirmation(text: string, values: ConfirmationValues) {
  return text.replace(
    /\{(first_name|last_name|job_offer|organisation)\}/g,
    (_, name: keyof ConfirmationValues) => values[name].trim(),
  );
}
