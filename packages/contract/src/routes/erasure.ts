import { IdParams } from '../common.ts';
import { BulkEraseBody, CandidateEraseBody, CandidateErased, CandidateErasure } from '../erasure.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Erasure, the right to be forgotten (issue 24, decision 193): admins only, irreversible, audited. */
export const candidateErasures = group(at.candidateErasures, ['privacy'], {
  eraseOne: {
    params: IdParams,
    body: CandidateEraseBody,
    responses: { 200: CandidateErased },
    errors: ['not_found', 'forbidden', 'confirmation_mismatch'],
    summary: 'Erase a candidate for good, confirmed by their name (admins)',
  },
  create: {
    body: BulkEraseBody,
    responses: { 202: CandidateErasure },
    errors: ['forbidden', 'invalid_tag_expression', 'confirmation_mismatch'],
    summary: 'Erase candidates from a search or a list, on the queue (admins)',
  },
  progress: {
    params: IdParams,
    responses: { 200: CandidateErasure },
    errors: ['not_found', 'forbidden'],
    summary: "A bulk erasure's progress",
  },
});
