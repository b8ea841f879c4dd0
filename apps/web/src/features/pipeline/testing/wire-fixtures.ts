import type { Candidate, JobApplication } from '@vivier/contract';
import { jsonResponse, wireJobOffer, wireStatuses } from '../../../test/fixtures';

export { wireJobOffer, wireStatuses };

/** A candidate as the API answers it. */
export function wireCandidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    id: 100,
    first_name: 'Grace',
    last_name: 'Hopper',
    full_name: 'Grace Hopper',
    email: 'grace@navy.test',
    phone: null,
    linkedin_url: null,
    picture_url: null,
    details: { title: 'Rear admiral', skills: [], educations: [], experiences: [] },
    manual_data: { first_name: null, last_name: null, title: null },
    contacts: {
      emails: ['grace@navy.test'],
      phones: [],
      added_emails: [],
      added_phones: [],
      deleted_emails: [],
      deleted_phones: [],
    },
    social_networks: [{ type: 'linkedin', value: 'https://linkedin.com/in/grace' }],
    tags: [],
    legal_basis: 'legitimate_interest',
    legal_basis_at: '2026-01-01T00:00:00.000Z',
    legal_basis_by: null,
    erased_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

const statusOf = (id: number | null) => {
  const s = wireStatuses.find((status) => status.id === id);
  return s ? { id: s.id, name: s.name, color: s.color } : null;
};

/** An application of offer 1 with its status and candidate embedded. */
export function wireApplication(
  id: number,
  statusId: number | null,
  candidate: Partial<Candidate> = {},
  fields: Partial<Pick<JobApplication, 'source' | 'answers'>> = {},
): JobApplication {
  const embedded = wireCandidate({ id: id * 10, ...candidate });
  return {
    id,
    candidate_id: embedded.id,
    job_offer_id: 1,
    status_id: statusId,
    comment: null,
    created_at: '2026-01-03T00:00:00.000Z',
    source: null,
    answers: [],
    status: statusOf(statusId),
    candidate: embedded,
    ...fields,
  };
}

/** The three applications of offer 1: Ada and Alan applied, Grace in interview. */
export const wireApplications = [
  wireApplication(1, 11, { first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace' }),
  wireApplication(2, 12, { first_name: 'Grace', last_name: 'Hopper', full_name: 'Grace Hopper' }),
  wireApplication(3, 11, { first_name: 'Alan', last_name: 'Turing', full_name: 'Alan Turing' }),
];

/** One page answer of GET /job_offers/{id}/job_applications. */
export const pageAnswer = (data: JobApplication[], totalCount = data.length) =>
  jsonResponse({ data, total_count: totalCount });
