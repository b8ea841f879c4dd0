import type { JobOffer, Tag } from '@vivier/contract';
import { wireStatuses as allStatuses, wireJobOffer as baseJobOffer, wireUser } from '../../../test/fixtures';

/** The first two statuses of the pipeline: the index's cards count candidates in each. */
export const wireStatuses = allStatuses.slice(0, 2);

/** A job offer as the API answers it (snake_case), with its embedded manager. */
export const wireJobOffer = (overrides: Partial<JobOffer> = {}): JobOffer =>
  baseJobOffer({ summary: { statuses: wireStatuses }, ...overrides });

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
