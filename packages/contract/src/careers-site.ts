import { z } from 'zod';
import { CONFIRMATION_BODY_MAX, CONFIRMATION_SUBJECT_MAX } from './careers-apply-texts.ts';

export const CAREERS_INTRO_MAX = 5000;
export const LOGO_MAX_BYTES = 1024 * 1024;

/** A careers site's address part: lower-case ascii letters, digits and hyphens, 1 to 64, no hyphen at an end. */
export const CareersSlug = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z.string().regex(/^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/, {
      error: 'must be 1 to 64 lower-case letters, digits or hyphens, not starting or ending with a hyphen',
    }),
  );

const noNul = (v: string) => !v.includes('\u0000');

/** A confirmation mail's subject and body in one language, as read ('' = the built-in text). */
const ConfirmationTexts = z.object({ subject: z.string(), body: z.string() });

/** The same, as written: a subject of one line, a body of at most 10,000 characters, both trimmed. */
const ConfirmationTextsInput = z.strictObject({
  subject: z
    .string()
    .trim()
    .max(CONFIRMATION_SUBJECT_MAX, { error: `must be at most ${CONFIRMATION_SUBJECT_MAX} characters` })
    .refine((v) => !/[\r\n]/.test(v), { error: 'must be one line' })
    .refine(noNul, { error: 'must not contain a NUL character' }),
  body: z
    .string()
    .trim()
    .max(CONFIRMATION_BODY_MAX, { error: `must be at most ${CONFIRMATION_BODY_MAX} characters` })
    .refine(noNul, { error: 'must not contain a NUL character' }),
});

/**
 * A licence's careers site settings (issue 23, decision 189). `saved` is false while the licence has never
 * saved them: `slug` is then the one proposed from the licence's name, and the site is not online.
 * `has_logo`: a logo was uploaded (served at `/careers/{slug}/logo`).
 */
export const CareersSite = z.object({
  saved: z.boolean(),
  slug: z.string(),
  intro: z.string(),
  colour: z.string(),
  privacy_notice_url: z.string().nullable(),
  has_logo: z.boolean(),
  /** `/careers/{slug}`, relative to the server's public address. */
  public_path: z.string(),
  /**
   * The mail an applicant receives, per language: '' is the built-in text (`DEFAULT_CONFIRMATION`). Plain
   * text with the placeholders of `CONFIRMATION_PLACEHOLDERS`.
   */
  confirmation: z.object({ en: ConfirmationTexts, fr: ConfirmationTexts }),
});
export type CareersSite = z.infer<typeof CareersSite>;

/**
 * `PUT /api/careers_site` body (admins): every field but the logo. A slug another licence has answers 409
 * `conflict` 'This careers site address is taken'. `intro` is plain text (shown with its line breaks).
 */
export const CareersSiteInput = z.strictObject({
  slug: CareersSlug,
  intro: z
    .string()
    .max(CAREERS_INTRO_MAX, { error: `must be at most ${CAREERS_INTRO_MAX} characters` })
    .refine(noNul, { error: 'must not contain a NUL character' }),
  colour: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().regex(/^#[0-9a-f]{6}$/, { error: 'must be a colour as #rrggbb' })),
  privacy_notice_url: z
    .string()
    .trim()
    .max(2000, { error: 'must be at most 2000 characters' })
    .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
      error: 'must be an https:// address',
    })
    .refine((v) => v === '' || URL.canParse(v), { error: 'must be an https:// address' })
    .transform((v) => v || null)
    .nullable(),
  /** Left out: the texts stay as they are (a client of before issue 23's confirmation keeps working). */
  confirmation: z.strictObject({ en: ConfirmationTextsInput, fr: ConfirmationTextsInput }).optional(),
});
export type CareersSiteInput = z.input<typeof CareersSiteInput>;
