import type { JobOffer, Tag } from '@vivier/contract';
import { wireUser } from '../../../test/fixtures';

/** The licence's pipeline as the API sends it in a job offer's summary. */
export const wireStatuses = [
  { id: 11, index: 0, name: 'Applied', color: '1c7ed6', candidates_count: 2 },
  { id: 12, index: 1, name: 'Interview', color: 'f08c00', candidates_count: 1 },
];

/** A job offer as the API answers it (snake_case), with its embedded manager. */
export function wireJobOffer(overrides: Partial<JobOffer> = {}): JobOffer {
  return {
    id: 1,
    name: 'Backend developer',
    company_id: 5,
    company: { id: 5, name: 'Acme' },
    user_id: 1,
    user: { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    created_at: '2026-11-22T10:00:00.000Z',
    archived: false,
    assigned_users: [],
    tags: [],
    candidates_count: 3,
    email_template_id: null,
    summary: { statuses: wireStatuses },
    ...overrides,
  };
}

export const wireTags: Tag[] = [
  { id: 21, name: 'Java' },
  { id: 22, name: 'JavaScript' },
  { id: 23, name: 'Remote' },
];

export const wireUsers = [
  wireUser(),
  {
    id: 2,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    role: 'user',
    level: 'manager',
    sf_id: null,
    picture: null,
    license_id: 7,
    settings: { export: { type: null }, email_signature: { value: '' } },
    created_at: '2026-01-01T00:00:00Z',
  },
];
