import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { withTotal } from '../../db/page.ts';
import { emailTemplates } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

/** A page of the licence's templates sorted by name without case, with the total. */
export async function listEmailTemplates(
  db: Db,
  licenceId: number,
  { limit, offset }: { limit: number; offset: number },
) {
  const where = scoped(emailTemplates, licenceId);
  return withTotal(
    db
      .select()
      .from(emailTemplates)
      .where(where)
      .orderBy(asc(sql`lower(${emailTemplates.name})`), asc(emailTemplates.id))
      .limit(limit)
      .offset(offset),
    db.$count(emailTemplates, where),
  );
}

/** One template of the licence; another licence's is as absent as a missing one. */
export async function findEmailTemplate(
  db: Db,
  licenceId: number,
  id: number,
): Promise<EmailTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(scoped(emailTemplates, licenceId), eq(emailTemplates.id, id)));
  return row;
}
