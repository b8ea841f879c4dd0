import { z } from 'zod';
import { RichText } from './email-templates.ts';

/** Where the work is done (issue 23). */
export const WORKPLACES = ['on_site', 'hybrid', 'remote'] as const;
export const Workplace = z.enum(WORKPLACES);
export type Workplace = z.infer<typeof Workplace>;

/** The contracts an offer may be for (issue 23). */
export const CONTRACT_TYPES = [
  'permanent',
  'fixed_term',
  'temporary',
  'internship',
  'apprenticeship',
  'freelance',
] as const;
export const ContractType = z.enum(CONTRACT_TYPES);
export type ContractType = z.infer<typeof ContractType>;

/** The kinds of an offer's own questions on the apply form (issue 23). */
export const QUESTION_KINDS = ['short_text', 'long_text', 'yes_no', 'single_choice'] as const;
export const QuestionKind = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof QuestionKind>;

// ISO 3166-1 codes that name no country: user-assigned (AA, QM-QZ, XA-XZ, ZZ) and reserved ones (EU, UN...).
const NOT_A_COUNTRY = /^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN|UK)$/;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Whether `code` is an ISO 3166-1 alpha-2 country: the platform's region names (CLDR) know every one. */
export const isCountryCode = (code: string) =>
  /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.test(code) && regionNames.of(code) !== code;

const currencies = new Set(Intl.supportedValuesOf('currency'));
/** Whether `code` is an ISO 4217 currency the platform (CLDR) knows. */
export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code) && currencies.has(code);

/** A city, one line, at most 100 characters; empty means none. */
const City = z
  .string()
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(z.string().max(100, { error: 'must be at most 100 characters' }))
  .transform((v) => v || null);

export const Country = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .refine(isCountryCode, { error: 'must be an ISO 3166-1 alpha-2 country code, e.g. FR' });

export const Currency = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .refine(isCurrencyCode, { error: 'must be an ISO 4217 currency code, e.g. EUR' });

const Salary = z.number().int({ error: 'must be a whole number' }).min(0).max(100_000_000);

/**
 * What an offer says in public (issue 23, decision 189), on POST and PATCH of a job offer, each optional.
 * `description` is rich text, sanitised by the server's allow-list (decision 040), at most CONTENT_MAX (100,000 characters).
 * `published`: on the careers site; the first publish gives the offer a `public_slug` made from its name
 * (unique in the licence), kept when unpublished. Archiving an offer unpublishes it.
 */
export const jobPostingFields = {
  description: RichText,
  city: City.nullable(),
  country: Country.nullable(),
  workplace: Workplace,
  contract_type: ContractType.nullable(),
  salary_min: Salary.nullable(),
  salary_max: Salary.nullable(),
  salary_currency: Currency.nullable(),
  published: z.boolean(),
};

/** The posting as the API answers it, on every JobOffer. */
export const JobPosting = z.object({
  description: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  workplace: Workplace,
  contract_type: ContractType.nullable(),
  salary_min: z.number().nullable(),
  salary_max: z.number().nullable(),
  salary_currency: z.string().nullable(),
  published: z.boolean(),
  /** The offer's address on the careers site: `/careers/{site slug}/jobs/{public_slug}`; null until published. */
  public_slug: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type JobPosting = z.infer<typeof JobPosting>;

type SalaryFields = {
  salary_min?: number | null;
  salary_max?: number | null;
  salary_currency?: string | null;
};

/** A range the right way round; a currency goes with an amount. Checked on the body as sent. */
export const checkSalary = (fields: SalaryFields, ctx: z.core.$RefinementCtx) => {
  const { salary_min: min, salary_max: max } = fields;
  if (min != null && max != null && min > max) {
    ctx.addIssue({ code: 'custom', path: ['salary_min'], message: 'must not be more than salary_max' });
  }
  if ((min != null || max != null) && fields.salary_currency === null) {
    ctx.addIssue({ code: 'custom', path: ['salary_currency'], message: 'is required with a salary' });
  }
};
