import type { EmailTemplate } from '../../../shared/resources/email-templates/email-template';
import type { TemplateFields } from '../api/save-email-template';

/** What the modal shows: a saved template, a new one being written, or nothing yet. */
export type Selection = { mode: 'edit'; id: number } | { mode: 'new' } | { mode: 'none' };

export const EMPTY_FIELDS: TemplateFields = { name: '', subject: '', content: '' };

/** On opening, the template linked to the offer, shown without linking it again (SPEC section 4). */
export function initialSelection(linkedId: number | null | undefined, templates: EmailTemplate[]): Selection {
  return linkedId != null && templates.some((template) => template.id === linkedId)
    ? { mode: 'edit', id: linkedId }
    : { mode: 'none' };
}

/** The saved fields a selection starts from; the form's edits are compared with them. */
export function baselineOf(selection: Selection, templates: EmailTemplate[]): TemplateFields | null {
  if (selection.mode === 'new') return EMPTY_FIELDS;
  if (selection.mode === 'none') return null;
  const template = templates.find((item) => item.id === selection.id);
  return template ? { name: template.name, subject: template.subject, content: template.content } : null;
}

export const sameFields = (a: TemplateFields, b: TemplateFields) =>
  a.name === b.name && a.subject === b.subject && a.content === b.content;
