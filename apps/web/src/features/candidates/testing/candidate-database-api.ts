import { jsonResponse } from '../../../test/fixtures';
import { fakeApi, wireCandidate } from './fake-api';

/*
 * The candidate database's screen tests' server (candidates-screen.test.tsx, candidates-filters.test.tsx): three
 * people, three tags, and a search that answers the text, the tag expression, the source and "Search in CVs"
 * as the real one would for them.
 */

export const TAGS = [
  { id: 1, name: 'Java' },
  { id: 2, name: 'React' },
  { id: 3, name: 'Junior' },
];
export const PEOPLE = [
  wireCandidate(11, {
    full_name: 'Ada Lovelace',
    tags: [TAGS[0]],
    contacts: {
      emails: ['a1@x.test', 'a2@x.test', 'a3@x.test', 'a4@x.test'],
      phones: ['+33 6 12 34 56 78'],
      added_emails: [],
      added_phones: [],
      deleted_emails: [],
      deleted_phones: [],
    },
    social_networks: [{ type: 'linkedin', value: 'https://linkedin.com/in/ada' }],
  }),
  wireCandidate(12, {
    full_name: 'Grace Hopper',
    details: { title: null },
    manual_data: { title: 'Admiral' },
  }),
  wireCandidate(13, { full_name: '', first_name: null, last_name: null }),
];

const COBOL_EXCERPT = {
  file_id: 7,
  file_name: 'grace-cv.pdf',
  parts: [
    { text: 'Wrote the first ', match: false },
    { text: 'COBOL', match: true },
    { text: ' compiler.', match: false },
  ],
};

/**
 * The server's tag expression, as the fake answers it: OR of ANDs of tags, each possibly negated (the wire's
 * tokens: tag ids, 'and', 'or', 'not').
 */
function matchesTags(tokens: string[], tagIds: number[]): boolean {
  if (tokens.length === 0) return true;
  return tokens
    .join(' ')
    .split(' or ')
    .some((group) =>
      group.split(' and ').every((term) => {
        const negated = term.startsWith('not ');
        return tagIds.includes(Number(negated ? term.slice(4) : term)) !== negated;
      }),
    );
}

/** The fake server of the candidate database's screen, its search answering from PEOPLE. */
export function candidateDatabaseApi() {
  return fakeApi({
    'GET /api/candidates/search': ({ query }) => {
      const text = query.get('filters[search]') ?? '';
      // "Search in CVs": the server finds Grace by a word of her CV and sends the matched sentence.
      if (query.get('filters[in_cvs]') === 'true' && text === 'cobol') {
        const data = [{ ...PEOPLE[1], cv_excerpt: COBOL_EXCERPT }];
        return jsonResponse({ data, total_count: 1, total_count_capped: false });
      }
      // Issue 23: Ada applied through the careers page, Grace from LinkedIn.
      const source = query.get('filters[source]');
      const bySource: Record<string, number[]> = { careers_page: [11], linkedin: [12] };
      const tags = query.getAll('filters[tags][]');
      const data = PEOPLE.filter(
        (c) =>
          c.full_name.toLowerCase().includes(text.toLowerCase()) &&
          (source === null || bySource[source]?.includes(c.id)) &&
          matchesTags(
            tags,
            c.tags.map((t) => t.id),
          ),
      );
      return jsonResponse({ data, total_count: data.length, total_count_capped: false });
    },
    'GET /api/candidate_sources': () =>
      jsonResponse({
        data: [
          { source: 'careers_page', count: 1 },
          { source: 'linkedin', count: 1 },
        ],
      }),
    'GET /api/tags': () => jsonResponse({ data: TAGS, total_count: TAGS.length }),
    'GET /api/statuses': () =>
      jsonResponse({
        data: [
          { id: 5, name: 'To call', index: 0, color: 'ff0000' },
          { id: 6, name: 'Interview', index: 1, color: '00ff00' },
        ],
      }),
    'GET /api/job_offers': () =>
      jsonResponse({
        data: [
          { id: 21, name: 'Backend developer', company: { id: 1, name: 'Acme' } },
          { id: 22, name: 'Designer', company: null },
        ],
        total_count: 2,
      }),
    'GET /api/candidates': ({ headers }) => {
      const ids = (headers.get('X-Requested-Ids') ?? '').split(',').map(Number);
      const data = PEOPLE.filter((c) => ids.includes(c.id));
      return jsonResponse({ data, total_count: data.length });
    },
    // An erasure the queue has already finished (issue 24).
    'POST /api/candidate_erasures': () =>
      jsonResponse(
        { id: 3, total: 1, done: 1, erased: 1, finished: true, created_at: '2026-11-27T10:00:00Z' },
        202,
      ),
    'POST /api/job_applications/bulk_create': ({ body }) => {
      const ids = (body as { candidates_ids: number[] }).candidates_ids;
      return jsonResponse({ created: ids.length - 1, duplicates: [ids[0]] }, 201);
    },
  });
}
