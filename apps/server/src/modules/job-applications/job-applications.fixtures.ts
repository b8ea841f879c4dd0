import { and, eq, inArray } from 'drizzle-orm';
import {
  candidateContacts,
  candidates,
  jobApplications,
  jobOfferAssignedUsers,
  jobOffers,
} from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { candidateSortKey } from './candidate-sort-key.ts';

type NewCandidate = Partial<typeof candidates.$inferInsert> & { emails?: string[] };

/** Inserts candidates (with e-mails, the first primary) and answers their ids in the order given. */
export async function insertPeople(t: TestApp, licenceId: number, people: NewCandidate[]) {
  const ids: number[] = [];
  for (const { emails = [], ...values } of people) {
    const [row] = await t.db
      .insert(candidates)
      .values({ licenceId, ...values })
      .returning({ id: candidates.id });
    if (!row) throw new Error('no candidate');
    ids.push(row.id);
    if (emails.length > 0) {
      await t.db.insert(candidateContacts).values(
        emails.map((value, i) => ({
          licenceId,
          candidateId: row.id,
          kind: 'email' as const,
          value,
          isPrimary: i === 0,
        })),
      );
    }
  }
  return ids;
}

/** A job offer managed by `userId` (assigned to `assigned`), straight in the database. */
export async function insertOffer(
  t: TestApp,
  licenceId: number,
  userId: number,
  name = 'Offer',
  assigned: number[] = [],
) {
  const [offer] = await t.db
    .insert(jobOffers)
    .values({ licenceId, name, userId })
    .returning({ id: jobOffers.id });
  if (!offer) throw new Error('no offer');
  if (assigned.length > 0) {
    await t.db
      .insert(jobOfferAssignedUsers)
      .values(assigned.map((id) => ({ jobOfferId: offer.id, userId: id })));
  }
  return offer.id;
}

/** Puts candidates into an offer, each with a status; answers the application ids in the order given. */
export async function apply(
  t: TestApp,
  licenceId: number,
  jobOfferId: number,
  entries: { candidateId: number; statusId: number | null }[],
) {
  const rows = await t.db
    .insert(jobApplications)
    .values(
      entries.map((e) => ({
        licenceId,
        jobOfferId,
        ...e,
        candidateUpdatedAt: candidateSortKey(e.candidateId),
      })),
    )
    .returning({ id: jobApplications.id });
  return rows.map((r) => r.id);
}

/** The status of each application of an offer, by application id. */
export async function statusesOf(t: TestApp, jobOfferId: number) {
  const rows = await t.db
    .select({ id: jobApplications.id, statusId: jobApplications.statusId })
    .from(jobApplications)
    .where(eq(jobApplications.jobOfferId, jobOfferId));
  return new Map(rows.map((r) => [r.id, r.statusId]));
}

/** The `updated_at` of candidates, by id. */
export async function updatedAtOf(t: TestApp, licenceId: number, ids: number[]) {
  const rows = await t.db
    .select({ id: candidates.id, updatedAt: candidates.updatedAt })
    .from(candidates)
    .where(and(eq(candidates.licenceId, licenceId), inArray(candidates.id, ids)));
  return new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
}

/** A moment safely in the past, to tell a bumped `updated_at` from an untouched one. */
export const LONG_AGO = new Date('2020-01-01T00:00:00Z');
