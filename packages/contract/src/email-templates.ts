import { z } from 'zod';
import { listQuery } from './common.ts';
import { Name } from './names.ts';
import { TEMPLATE_VARIABLES } from './template-variables.ts';

export { TEMPLATE_VARIABLES };
export const TemplateVariable = z.enum(TEMPLATE_VARIABLES);
export type TemplateVariable = z.infer<typeof TemplateVariable>;

/** The longest subject accepted; mail headers have no use for more. */
export const SUBJECT_MAX = 500;
/** The longest HTML body accepted (before sanitisation), about 100 kB. */
export const CONTENT_MAX = 100_000;

const noNul = (v: string) => !v.includes('\u0000');

/** A subject: one line (line breaks become spaces, so no header can be smuggled in), at most SUBJECT_MAX. */
export const Subject = z
  .string()
  .transform((v) => v.replace(/[\r\n]+/g, ' ').trim())
  .pipe(
    z
      .string()
      .max(SUBJECT_MAX, { error: `must be at most ${SUBJECT_MAX} characters` })
      .refine(noNul, { error: 'must not contain a NUL character' }),
  );

/** Rich text as the editor writes it; the server keeps only what its allow-list knows (docs/decisions/040). */
export const RichText = z
  .string()
  .max(CONTENT_MAX, { error: `must be at most ${CONTENT_MAX} characters` })
  .refine(noNul, { error: 'must not contain a NUL character' });

/** An email template (SPEC section 3): `name` is shown as its title, `content` is sanitised HTML. */
export const EmailTemplate = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

/**
 * `GET /api/email_templates/`: a paginated `listOf(EmailTemplate)` of the caller's licence sorted by name
 * (case-insensitive), `per_page` defaults to 100; follow `Link: rel="next"` for more.
 */
export const EmailTemplateListQuery = listQuery(100);
export type EmailTemplateListQuery = z.input<typeof EmailTemplateListQuery>;

/**
 * `POST /api/email_templates` body `{name, subject?, content?}`: answers 201 with the template. Any signed-in
 * user of the licence may create, change and delete its templates. `content` is sanitised before it is stored:
 * bold, italic, underline, strike, headings, paragraphs, quotes, lists, code, horizontal lines, line breaks,
 * links (http, https, mailto) and images (http, https) stay; scripts, event handlers, styles, SVG, frames and
 * any other URL scheme go.
 */
export const EmailTemplateInput = z.strictObject({
  name: Name,
  subject: Subject.optional(),
  content: RichText.optional(),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateInput>;

/**
 * `PATCH /api/email_templates/{id}`: any subset of the fields; answers 200 with the template.
 * `DELETE /api/email_templates/{id}` answers 204; job offers linked to it lose their link
 * (`email_template_id` becomes null). Another licence's id answers 404.
 */
export const EmailTemplatePatch = z.strictObject({
  name: Name.optional(),
  subject: Subject.optional(),
  content: RichText.optional(),
});
export type EmailTemplatePatch = z.input<typeof EmailTemplatePatch>;
