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

/** The advisory-lock namespace of one email within a licence (careers applications). */
const CANDIDATE_EMAIL = 7_266_432;

/**
 * What an applicant of the careers site takes before "is this email a candidate?" then "create it" (decision
 * 191): the licence's creation lock SHARED, so applicants do not wait for each other but a recruiter's create or
 * import (which takes it alone) waits for them and they for it, and the email's own lock alone, so two
 * applications of one email take turns. A hash collision of two emails only makes them take turns too.
 */
export async function lockCandidateCreationOfEmail(tx: Db, licenceId: number, emailKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${CANDIDATE_CREATION}, ${licenceId})`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CANDIDATE_EMAIL}, hashtext(${`${licenceId}:${emailKey}`}))`,
  );
}
