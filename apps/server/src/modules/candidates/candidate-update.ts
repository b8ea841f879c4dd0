import type { CandidatePatch } from '@vivier/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { type CandidateDetails, type CandidateManualData, candidates } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { recordEvents } from '../activity/activity.service.ts';
import { touchCandidates } from './candidates.queries.ts';

type Fields = z.output<typeof CandidatePatch>['candidate'];

/** Only the keys the request gave: `{a: undefined}` must not clear `a`. */
const given = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Changes a candidate's manual data and details (SPEC section 7, `PATCH /candidates/{id}/`). Each given key
 * replaces the stored one inside the JSON (`||` merges in SQL, so two tabs editing different keys both
 * keep their change), and `updated_at` moves, in one transaction.
 */
export async function updateCandidate(db: Db, caller: Caller, candidateId: number, fields: Fields) {
  const manual: CandidateManualData = given({
    firstName: fields.manual_data?.first_name,
    lastName: fields.manual_data?.last_name,
    title: fields.manual_data?.title,
  });
  const details: CandidateDetails = given({
    title: fields.details?.title,
    skills: fields.details?.skills,
    educations: fields.details?.educations?.map((e) => given({ school: e.school, degree: e.degree })),
    experiences: fields.details?.experiences?.map((e) => given({ company: e.company })),
  });
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ manualData: candidates.manualData, details: candidates.details })
      .from(candidates)
      // An erased candidate's row is a tombstone (decision 193): nothing about the person is written again.
      .where(and(scoped(candidates, caller), eq(candidates.id, candidateId), isNull(candidates.erasedAt)))
      .for('no key update');
    if (!before) throw notFound('Candidate');
    const [row] = await tx
      .update(candidates)
      .set({
        manualData: sql`${candidates.manualData} || ${JSON.stringify(manual)}::jsonb`,
        details: sql`${candidates.details} || ${JSON.stringify(details)}::jsonb`,
      })
      .where(and(scoped(candidates, caller), eq(candidates.id, candidateId)))
      .returning({ id: candidates.id });
    if (!row) throw notFound('Candidate');
    await touchCandidates(tx, caller.licenceId, [candidateId]);
    const changes = [
      ...changesOf('manual_data', before.manualData, manual),
      ...changesOf('details', before.details, details),
    ];
    if (changes.length > 0) {
      await recordEvents(tx, caller.licenceId, [
        { candidateId, kind: 'profile_edited', actorId: caller.userId, data: { changes } },
      ]);
    }
  });
}

/** Each given key whose value differs from the stored one: `{field: 'manual_data.firstName', before, after}`. */
function changesOf(prefix: string, stored: object, given: object) {
  const old = stored as Record<string, unknown>;
  return Object.entries(given)
    .filter(([key, value]) => JSON.stringify(old[key] ?? null) !== JSON.stringify(value ?? null))
    .map(([key, value]) => ({ field: `${prefix}.${key}`, before: old[key] ?? null, after: value ?? null }));
}
