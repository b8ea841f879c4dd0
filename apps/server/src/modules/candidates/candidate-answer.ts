import type { Candidate } from '@vivier/contract';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { presentCandidate } from './candidate.presenter.ts';
import { findCandidate } from './candidates.queries.ts';

/** A candidate of the licence as the API answers it; 404 when missing or another licence's. */
export async function candidateAnswer(db: Db, licenceId: number, candidateId: number): Promise<Candidate> {
  const row = await findCandidate(db, licenceId, candidateId);
  if (!row) throw notFound('Candidate');
  return presentCandidate(row);
}
