import { and, eq, inArray, sql } from 'drizzle-orm';
import { changeApplicationStatuses } from '../../commands/change-application-statuses.ts';
import type { Db } from '../../db/database.ts';
import { jobApplications, settings, statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type ContactedStatus = { id: number; name: string; index: number };

/**
 * The licence's `contacted_status` setting (SPEC sections 3 and 6, "the contacted status for email
 * handling") as a status of its pipeline; null when unset or when it names no status of the licence.
 */
export async function findContactedStatus(db: Db, licenceId: number): Promise<ContactedStatus | null> {
  const [row] = await db
    .select({ id: statuses.id, name: statuses.name, index: statuses.index })
    .from(settings)
    .innerJoin(statuses, and(scoped(statuses, licenceId), sql`${statuses.id}::text = ${settings.value}`))
    .where(and(scoped(settings, licenceId), eq(settings.name, 'contacted_status')));
  return row ?? null;
}

/**
 * Moves the applications of these candidates in the offer to the contacted status, when they have no status
 * or one earlier in the pipeline: writing to a candidate already at 'Interview' does not send them back
 * (docs/decisions/082-sending-email-templates.md). The move goes through `changeApplicationStatuses`, the one
 * path of every status change; the caller holds the candidates' locks already (candidates first, decision 115).
 * Answers each candidate's status afterwards.
 */
export async function moveToContacted(
  db: Db,
  licenceId: number,
  jobOfferId: number,
  candidateIds: number[],
  contacted: ContactedStatus,
  actorId: number | null,
): Promise<Map<number, number | null>> {
  if (candidateIds.length === 0) return new Map();
  const scope = and(
    scoped(jobApplications, licenceId),
    eq(jobApplications.jobOfferId, jobOfferId),
    inArray(jobApplications.candidateId, candidateIds),
  );
  await changeApplicationStatuses(
    db,
    licenceId,
    { jobOfferId, candidateIds, beforeIndex: contacted.index },
    contacted.id,
    { actorId, via: 'email' },
  );
  const rows = await db
    .select({ candidateId: jobApplications.candidateId, statusId: jobApplications.statusId })
    .from(jobApplications)
    .where(scope);
  return new Map(rows.map((row) => [row.candidateId, row.statusId]));
}
