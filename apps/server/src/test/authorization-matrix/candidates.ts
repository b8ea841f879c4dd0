import { insertCandidates } from '../fixtures/organisation.ts';
import { adminOnRecord, all, fresh, next, onContact, org, type Row, readOnRecord, t } from './world.ts';

/** The authorization matrix's rows of candidates, their contacts and tags, and applications. */
export const CANDIDATE_ROWS: Record<string, Row> = {
  'GET /api/candidates/search': { expect: all(200) },
  // The licence's own sources (issue 23): every user of it reads them, as they search its candidates.
  'GET /api/candidate_sources': { expect: all(200) },
  'GET /api/candidates': {
    request: async () => ({
      url: '/api/candidates',
      headers: { 'x-requested-ids': (await insertCandidates(t, org.licence.id, 1)).join(',') },
    }),
    expect: all(200),
  },
  'POST /api/candidates': {
    payload: () => ({ candidate: { first_name: `Matrix ${next()}` } }),
    expect: all(201),
  },
  'POST /api/candidates/import': {
    request: () => ({
      method: 'POST',
      url: '/api/candidates/import?mapping[first_name]=0',
      headers: { 'content-type': 'text/csv' },
      payload: `first name\nImported ${next()}\n`,
    }),
    expect: all(200),
  },
  // Adding candidates to the admin's offer: its editors only; another licence does not see the offer.
  'POST /api/job_applications/bulk_create': {
    payload: async () => ({
      job_offer_id: await fresh.offer(),
      status_id: await fresh.status(),
      candidates_ids: await insertCandidates(t, org.licence.id, 1),
    }),
    expect: { user: 403, reader: 403, admin: 201, stranger: 404 },
  },
  // A candidate's record (issue 8): anyone of the licence reads and edits it; another licence does not find it.
  'GET /api/candidates/:id|:candidateId': { params: { id: fresh.candidate }, expect: readOnRecord },
  'PATCH /api/candidates/:id|:candidateId': {
    params: { id: fresh.candidate },
    payload: () => ({ candidate: { manual_data: { title: 'Engineer' } } }),
    expect: readOnRecord,
  },
  'GET /api/candidates/:id|:candidateId/job_applications': {
    params: { id: fresh.candidate },
    expect: readOnRecord,
  },
  'PATCH /api/candidates/:id|:candidateId/add_contact': {
    params: { id: fresh.candidate },
    payload: () => ({ type: 'email', value: `added-${next()}@matrix.test` }),
    expect: readOnRecord,
  },
  'PATCH /api/candidates/:id|:candidateId/delete_contact': {
    request: onContact('delete_contact'),
    expect: readOnRecord,
  },
  'PATCH /api/candidates/:id|:candidateId/set_primary_contact': {
    request: onContact('set_primary_contact'),
    expect: readOnRecord,
  },
  'POST /api/candidates/:id|:candidateId/tags/:tagId': {
    params: { id: fresh.candidate, tagId: fresh.tag },
    expect: readOnRecord,
  },
  'DELETE /api/candidates/:id|:candidateId/tags/:tagId': {
    params: { id: fresh.candidate, tagId: fresh.tag },
    expect: readOnRecord,
  },
  // An offer's pipeline (issue 8): read where the offer is seen, changed by the offer's editors only.
  'PATCH /api/job_applications/:id': {
    params: { id: async () => (await fresh.application()).id },
    payload: async () => ({ status_id: await fresh.status() }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/job_applications/:id': {
    params: { id: async () => (await fresh.application()).id },
    expect: adminOnRecord(204),
  },
  // Copy and export (issue 10): copying from an offer one sees into a new offer one manages; exporting an
  // offer one sees; moving its candidates after the export is for its editors.
  'GET /api/candidates/:id|:candidateId/emails': { params: { id: fresh.candidate }, expect: readOnRecord },
};
