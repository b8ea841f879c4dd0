export { type FakeCall, fakeApi } from '../../../test/fake-api';

/** A candidate as the API answers one (snake_case wire shape). */
export function wireCandidate(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    full_name: `First${id} Last${id}`,
    email: `c${id}@example.com`,
    phone: null,
    linkedin_url: null,
    picture_url: null,
    details: { title: `Title ${id}`, skills: [], educations: [], experiences: [] },
    manual_data: { first_name: null, last_name: null, title: null },
    contacts: {
      emails: [`c${id}@example.com`],
      phones: [],
      added_emails: [],
      added_phones: [],
      deleted_emails: [],
      deleted_phones: [],
    },
    social_networks: [],
    tags: [] as { id: number; name: string }[],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}
