import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { licences } from '../../db/schema/index.ts';

/**
 * Serialises changes to a licence's pipeline (and what points into it, like the contacted status) until the
 * transaction ends: two admins adding the 10th status at once, or one deleting the status the other sets as
 * contacted, queue here and the second sees the first one's result. The licence row is the lock: `FOR NO KEY
 * UPDATE` does not block the key-share locks that inserts elsewhere in the licence take on it.
 */
export async function lockPipeline(tx: Db, licenceId: number) {
  await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, licenceId)).for('no key update');
}
