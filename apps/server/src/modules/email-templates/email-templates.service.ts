import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailTemplates } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import { richText } from '../../lib/rich-text-thread.ts';
import type { EmailTemplateRow } from './email-templates.queries.ts';

export type EmailTemplateFields = { name?: string; subject?: string; content?: string };

/**
 * The fields as stored: the content sanitised with the editor's allow-list (docs/decisions/080), so a
 * script or an event handler never reaches the database, whoever wrote the request.
 */
const stored = async (fields: EmailTemplateFields) => ({
  ...(fields.name !== undefined ? { name: fields.name } : {}),
  ...(fields.subject !== undefined ? { subject: fields.subject } : {}),
  ...(fields.content !== undefined ? { content: await richText.sanitize(fields.content) } : {}),
});

/** Creates a template of the caller's licence (who may: email-template.policy.ts, decision 090). */
export async function createEmailTemplate(
  db: Db,
  licenceId: number,
  fields: EmailTemplateFields & { name: string },
): Promise<EmailTemplateRow> {
  const [row] = await db
    .insert(emailTemplates)
    .values({ licenceId, ...(await stored(fields)), name: fields.name })
    .returning();
  if (!row) throw new Error('The email template was not created');
  return row;
}

/** Changes the given fields of a template of the licence; 404 for a missing or another licence's one. */
export async function updateEmailTemplate(
  db: Db,
  licenceId: number,
  id: number,
  fields: EmailTemplateFields,
): Promise<EmailTemplateRow> {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...(await stored(fields)), updatedAt: new Date() })
    .where(and(scoped(emailTemplates, licenceId), eq(emailTemplates.id, id)))
    .returning();
  if (!row) throw notFound('Email template');
  return row;
}

/** Deletes a template; the job offers linked to it lose the link (the foreign key sets it to null). */
export async function deleteEmailTemplate(db: Db, licenceId: number, id: number) {
  const [row] = await db
    .delete(emailTemplates)
    .where(and(scoped(emailTemplates, licenceId), eq(emailTemplates.id, id)))
    .returning({ id: emailTemplates.id });
  if (!row) throw notFound('Email template');
}
