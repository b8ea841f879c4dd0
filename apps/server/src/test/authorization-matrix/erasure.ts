import { insertCandidates } from '../fixtures/organisation.ts';
import { adminOnRecord, org, type Row, t } from './world.ts';

/** A fresh candidate of the owning licence and the body that confirms its erasure (its full name). */
async function erasable() {
  const [id] = await insertCandidates(t, org.licence.id, 1);
  return { id: id ?? 0, payload: { confirmation: 'Candidate 0 Test' } };
}

/** A bulk erasure the owning licence's admin started (of one fresh candidate): its id. */
async function adminsErasure() {
  const { id } = await erasable();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidate_erasures',
    headers: org.admin.headers,
    payload: { candidate_ids: [id], confirmation: '1' },
  });
  return res.json().id as number;
}

/**
 * The authorization matrix's rows of erasure (issue 24, decision 193): the admin's alone; a user and the
 * read-only level are refused (403), another licence's candidate or erasure is absent (404). A bulk erasure
 * names no record in its path: the other licence's caller (a user) is refused as any user is; its admin would
 * find none of the ids among their candidates (tested in erasure.routes.test.ts).
 */
export const ERASURE_ROWS: Record<string, Row> = {
  'POST /api/candidates/:id|:candidateId/erase': {
    request: async () => {
      const { id, payload } = await erasable();
      return { method: 'POST', url: `/api/candidates/${id}/erase`, payload };
    },
    expect: adminOnRecord(200),
  },
  'POST /api/candidate_erasures': {
    request: async () => ({
      method: 'POST',
      url: '/api/candidate_erasures',
      payload: { candidate_ids: [(await erasable()).id], confirmation: '1' },
    }),
    expect: { user: 403, reader: 403, admin: 202, stranger: 403 },
  },
  'GET /api/candidate_erasures/:id': { params: { id: adminsErasure }, expect: adminOnRecord(200) },
};
