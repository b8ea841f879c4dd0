import { BULK_ERASE_MAX, type CandidateErasure } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { Jobs } from '../../jobs/job-runner.ts';
import { enqueue } from '../../jobs/queue.ts';
import { userActor } from '../audit/audit.service.ts';
import { presentCandidate } from '../candidates/candidate.presenter.ts';
import type { CandidateSearchFilters } from '../candidates/candidate-search.conditions.ts';
import { allMatchingIds } from '../candidates/candidate-search.queries.ts';
import { findCandidate } from '../candidates/candidates.queries.ts';
import type { EraseCandidatesJob } from './erase-candidates.job.ts';
import { eraseCandidates, isErased } from './erasure.service.ts';

/** Erasure is the admins' (issue 24): a user, and the read-only level, are refused. */
function mayErase(caller: Caller) {
  if (caller.role !== 'admin' || caller.level === 'other') {
    throw forbidden('Only an admin can erase candidates');
  }
}

/** How a typed name compares: case, accents' composition and runs of spaces aside. */
const normalised = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** What the admin types to erase a candidate: the full name the panel shows, `#id` for a nameless one. */
export const confirmationOf = (fullName: string, id: number) => fullName.trim() || `#${id}`;

/**
 * Erases one candidate (decision 193): another licence's or an erased one is 404, a caller other than an admin
 * 403, a confirmation that is not the name 422; then one transaction erases and audits.
 */
export async function eraseOne(
  db: Db,
  caller: Caller,
  candidateId: number,
  confirmation: string,
  address: string | null,
): Promise<{ erased: number }> {
  const row = await findCandidate(db, caller.licenceId, candidateId);
  if (!row || (await isErased(db, caller.licenceId, candidateId))) throw notFound('Candidate');
  mayErase(caller);
  const expected = confirmationOf(presentCandidate(row).full_name, candidateId);
  if (normalised(confirmation) !== normalised(expected)) {
    throw new AppError('confirmation_mismatch', "The name typed is not the candidate's full name");
  }
  return db.transaction(async (tx) => {
    const result = await eraseCandidates(tx, {
      licenceId: caller.licenceId,
      candidateIds: [candidateId],
      actor: userActor(caller),
      address,
      reason: 'admin',
    });
    // Another tab erased it between the checks above and the lock: it is gone, as for a second erasure.
    if (result.erased === 0) throw notFound('Candidate');
    return result;
  });
}

type Selection = { candidateIds: number[] } | { filters: CandidateSearchFilters };

/**
 * Starts a bulk erasure (decision 193): the selection is resolved now (the licence's live candidates among the
 * ids, or every match of the filters), the admin's number must be its size, and the erasure and its job are
 * written in one transaction.
 */
export async function startBulkErasure(
  deps: { db: Db; jobs: Jobs; job: EraseCandidatesJob },
  caller: Caller,
  selection: Selection,
  confirmation: string,
  address: string | null,
): Promise<CandidateErasure> {
  mayErase(caller);
  const ids =
    'candidateIds' in selection
      ? await liveIds(deps.db, caller.licenceId, selection.candidateIds)
      : await allMatchingIds(deps.db, caller.licenceId, selection.filters, BULK_ERASE_MAX);
  if (ids.length > BULK_ERASE_MAX) {
    throw new AppError('confirmation_mismatch', `At most ${BULK_ERASE_MAX} candidates can be erased at once`);
  }
  if (confirmation.trim() !== String(ids.length)) {
    throw new AppError(
      'confirmation_mismatch',
      `Type the number of candidates to erase: ${ids.length} (the selection holds ${ids.length} now)`,
    );
  }
  const erasure = await deps.db.transaction(async (tx) => {
    const [row] = await rawRows<{ id: number; created_at: Date | string }>(
      tx,
      sql`insert into candidate_erasures (licence_id, requested_by, candidate_ids, total)
          values (${caller.licenceId}, ${caller.userId}, ${`{${ids.join(',')}}`}::int[], ${ids.length})
          returning id, created_at`,
    );
    if (!row) throw new Error('The erasure was not recorded');
    const jobId = await enqueue(tx, deps.job, {
      licenceId: caller.licenceId,
      erasureId: Number(row.id),
      actor: { kind: 'user', id: caller.userId, label: caller.email },
      address,
    });
    await tx.execute(
      sql`update candidate_erasures set job_id = ${jobId} where ${scopedSql(undefined, caller.licenceId)} and id = ${row.id}`,
    );
    return row;
  });
  deps.jobs.wake();
  return {
    id: Number(erasure.id),
    total: ids.length,
    done: 0,
    erased: 0,
    finished: ids.length === 0,
    created_at: new Date(erasure.created_at).toISOString(),
  };
}

/** The licence's candidates among `ids` that are not erased, in id order. */
async function liveIds(db: Db, licenceId: number, ids: number[]) {
  const rows = await rawRows<{ id: number }>(
    db,
    sql`select id from candidates where ${scopedSql(undefined, licenceId)}
        and id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]) and erased_at is null order by id`,
  );
  return rows.map((row) => Number(row.id));
}

/** A bulk erasure of the licence (404 for another licence's), for an admin. */
export async function findErasure(db: Db, caller: Caller, id: number): Promise<CandidateErasure> {
  const [row] = await rawRows<{
    id: number;
    total: number;
    done: number;
    erased: number;
    finished_at: unknown;
    created_at: Date | string;
  }>(
    db,
    sql`select id, total, done, erased, finished_at, created_at from candidate_erasures
        where ${scopedSql(undefined, caller.licenceId)} and id = ${id}`,
  );
  if (!row) throw notFound('Erasure');
  mayErase(caller);
  return {
    id: Number(row.id),
    total: Number(row.total),
    done: Number(row.done),
    erased: Number(row.erased),
    finished: row.finished_at !== null || Number(row.done) >= Number(row.total),
    created_at: new Date(row.created_at).toISOString(),
  };
}
