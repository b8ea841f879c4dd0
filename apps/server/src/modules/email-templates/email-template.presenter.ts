import type { EmailTemplate } from '@vivier/contract';
import type { EmailTemplateRow } from './email-templates.queries.ts';

/** The template as the API shows it (SPEC section 3): an explicit field list. */
export function presentEmailTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
