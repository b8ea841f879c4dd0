import { all, next, org, type Row, readOnRecord, t } from './world.ts';

const query = { search: 'matrix', tags: [], in_cvs: false, source: '', legal_basis: '' };

/** A search the owning licence's admin saved and shared: its id. */
async function adminsSharedSearch() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/saved_searches',
    headers: org.admin.headers,
    payload: { name: `Shared ${next()}`, shared: true, query },
  });
  return res.json().id as number;
}

/**
 * The authorization matrix's rows of saved searches (issue 28, decision 208): every user lists, saves and opens
 * (the read-only level too: a search is theirs, not the licence's data); only the owner renames or shares; the
 * owner, or an admin for a shared one, deletes; another licence's user is answered 404.
 */
export const SAVED_SEARCH_ROWS: Record<string, Row> = {
  'GET /api/saved_searches': { expect: all(200) },
  'POST /api/saved_searches': {
    payload: () => ({ name: `Mine ${next()}`, query }),
    expect: all(201),
  },
  'PATCH /api/saved_searches/:id': {
    params: { id: adminsSharedSearch },
    payload: () => ({ name: `Renamed ${next()}` }),
    expect: { user: 403, reader: 403, admin: 200, stranger: 404 },
  },
  'DELETE /api/saved_searches/:id': {
    params: { id: adminsSharedSearch },
    expect: { user: 403, reader: 403, admin: 204, stranger: 404 },
  },
  'POST /api/saved_searches/:id/open': {
    params: { id: adminsSharedSearch },
    expect: readOnRecord,
  },
};
