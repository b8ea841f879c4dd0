import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';

/**
 * Locks a candidate of the licence for the rest of the transaction (404 when missing or another licence's).
 * Contact and tag writes of one candidate take turns behind it, so two tabs adding contacts or tags at once
 * cannot both make a primary, or lose one another's `tag_ids` entry.
 */
export async function lockCandidate(tx: Db, licenceId: number, candidateId: number) {
  const [row] = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.licenceId, licenceId), eq(candidates.id, candidateId)))
    .for('update');
  if (!row) throw notFound('Candidate');
}
