import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/** The advisory-lock namespace of candidate creation (any constant no other lock uses). */
const CANDIDATE_CREATION = 7_266_431;

/**
 * Serialises the creation of candidates within a licence until the transaction ends, so "is this email
 * already a candidate?" then "create it" cannot interleave with another create or import batch (the model:
 * auth/refresh-tokens.ts, one atomic step). Creations of other licences do not wait.
 */
export async function lockCandidateCreation(tx: Db, licenceId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CANDIDATE_CREATION}, ${licenceId})`);
}
