import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { withTotal } from '../../db/page.ts';
import { candidateEmails, jobOffers } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { visibleJobOffers } from '../job-offers/job-offer.policy.ts';

export type NewCandidateEmail = Omit<typeof candidateEmails.$inferInsert, 'id' | 'sentAt'>;

/** Records messages sent (in the caller's transaction). */
export async function recordCandidateEmails(db: Db, rows: NewCandidateEmail[]) {
  if (rows.length === 0) return [];
  return db.insert(candidateEmails).values(rows).returning({ id: candidateEmails.id });
}

/**
 * A page of the messages sent to a candidate of the licence, newest first. The job offer is named only when
 * the caller may see it (SPEC section 6, transparency).
 */
export async function listCandidateEmails(
  db: Db,
  caller: Caller,
  candidateId: number,
  { limit, offset }: { limit: number; offset: number },
  emailId?: number,
) {
  const where = and(
    scoped(candidateEmails, caller),
    eq(candidateEmails.candidateId, candidateId),
    emailId === undefined ? undefined : eq(candidateEmails.id, emailId),
  );
  return withTotal(
    db
      .select({
        id: candidateEmails.id,
        sentAt: candidateEmails.sentAt,
        subject: candidateEmails.subject,
        recipient: candidateEmails.recipient,
        senderId: candidateEmails.senderId,
        senderEmail: candidateEmails.senderEmail,
        jobOfferId: jobOffers.id,
        jobOfferName: jobOffers.name,
        content: candidateEmails.content,
      })
      .from(candidateEmails)
      .leftJoin(
        jobOffers,
        and(
          eq(jobOffers.id, candidateEmails.jobOfferId),
          scoped(jobOffers, caller),
          visibleJobOffers(caller),
        ),
      )
      .where(where)
      .orderBy(desc(candidateEmails.sentAt), desc(candidateEmails.id))
      .limit(limit)
      .offset(offset),
    db.$count(candidateEmails, where),
  );
}

export type CandidateEmailRow = Awaited<ReturnType<typeof listCandidateEmails>>['rows'][number];
