import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditEvents, licences } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Spends credits of a licence (docs/decisions/004: adding a candidate to the database costs one). At zero
 * credits left the answer is 402 and nothing is written; call it inside the transaction that does the work,
 * so a failure later rolls the spend back too. `allowOverdraft` spends past the limit instead: an applicant
 * from the careers site is never turned away (decision 189).
 */
export async function spendCredits(
  db: Db,
  {
    licenceId,
    userId,
    amount = 1,
    reason,
    allowOverdraft = false,
  }: { licenceId: number; userId: number | null; amount?: number; reason: string; allowOverdraft?: boolean },
) {
  const [row] = await db
    .update(licences)
    .set({ creditsUsed: sql`${licences.creditsUsed} + ${amount}` })
    .where(
      and(
        eq(licences.id, licenceId),
        allowOverdraft ? undefined : sql`${licences.creditsUsed} + ${amount} <= ${licences.creditsMax}`,
      ),
    )
    .returning({ creditsUsed: licences.creditsUsed, creditsMax: licences.creditsMax });
  if (!row) {
    throw new AppError(
      'credits_exhausted',
      'No credits left on this license, please contact your administrator',
    );
  }
  await db.insert(creditEvents).values({ licenceId, userId, amount, reason });
  return { creditsLeft: row.creditsMax - row.creditsUsed };
}
