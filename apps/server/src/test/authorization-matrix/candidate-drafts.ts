import { textUpload } from './candidate-files.ts';
import { all, org, type Row, t } from './world.ts';

/** A draft the owning licence's admin made from a small text CV: its id. */
async function adminsDraft() {
  const upload = textUpload();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidate_drafts',
    ...upload,
    headers: { ...org.admin.headers, ...upload.headers },
  });
  return res.json().id as number;
}

/**
 * The authorization matrix's rows of creating candidates from CVs (issue 22, decision 188): every user makes
 * drafts, as every user creates candidates (another licence's user in their own licence); a draft is
 * confirmed by its own user only: anyone else, of the licence or not, is answered 404.
 */
export const CANDIDATE_DRAFT_ROWS: Record<string, Row> = {
  'POST /api/candidate_drafts': {
    request: async () => ({ method: 'POST', url: '/api/candidate_drafts', ...textUpload() }),
    expect: all(201),
  },
  'POST /api/candidate_drafts/confirm': {
    request: async () => ({
      method: 'POST',
      url: '/api/candidate_drafts/confirm',
      payload: { drafts: [{ id: await adminsDraft(), first_name: 'Matrix' }] },
    }),
    expect: { user: 404, reader: 404, admin: 201, stranger: 404 },
  },
};
