import { adminOnRecord, all, fresh, managersOnRecord, next, org, type Row, readOnRecord } from './world.ts';

/** The authorization matrix's rows of users, the licence and its settings, statuses, tags, companies, email templates, client data, OAuth links. */
export const ORGANISATION_ROWS: Record<string, Row> = {
  'GET /api/users/me': { expect: all(200) },
  'GET /api/users': { request: () => ({ url: '/api/users/' }), expect: all(200) },
  'GET /api/users/:id': { params: { id: async () => org.bob.id }, expect: readOnRecord },
  'POST /api/users': {
    payload: () => ({ email: `new-${next()}@matrix.test` }),
    expect: { user: 403, reader: 403, admin: 201, stranger: 403 },
  },
  'PATCH /api/users/:id': {
    params: { id: fresh.user },
    payload: () => ({ first_name: 'X' }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/users/:id': { params: { id: fresh.user }, expect: adminOnRecord(204) },
  'GET /api/client_data': { expect: all(200) },
  'PUT /api/client_data/:id': {
    params: { id: async () => org.bob.id },
    payload: () => ({ sf_id: 'SF' }),
    expect: adminOnRecord(200),
  },
  // Nobody here signed in with a provider: each caller is answered null, about their own account only.
  'GET /api/oauth/token': { expect: all(200) },
  'GET /api/license': { expect: all(200) },
  'GET /api/license/users': { expect: all(200) },
  'GET /api/license/stats': { expect: all(200) },
  'GET /api/settings': { expect: all(200) },
  'PATCH /api/settings/:id': {
    params: { id: () => fresh.setting('export') },
    payload: () => ({ value: { type: 'csv_comma' } }),
    expect: adminOnRecord(200),
  },
  // The audit log (issue 24): the licence's admins only; a stranger is a user of another licence.
  'GET /api/audit_entries': { expect: { user: 403, reader: 403, admin: 200, stranger: 403 } },
  'GET /api/audit_entries/export': { expect: { user: 403, reader: 403, admin: 200, stranger: 403 } },
  'GET /api/statuses': { expect: all(200) },
  'POST /api/statuses': {
    payload: () => ({ name: `Step ${next()}` }),
    expect: { user: 403, reader: 403, admin: 201, stranger: 403 },
  },
  'PATCH /api/statuses/:id': {
    params: { id: fresh.status },
    payload: () => ({ name: 'S' }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/statuses/:id': { params: { id: fresh.status }, expect: adminOnRecord(204) },
  'GET /api/tags': { expect: all(200) },
  'POST /api/tags': { payload: () => ({ name: `Tag ${next()}` }), expect: all(201) },
  'PATCH /api/tags/:id': {
    params: { id: fresh.tag },
    payload: () => ({ name: `T ${next()}` }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/tags/:id': { params: { id: fresh.tag }, expect: adminOnRecord(204) },
  'GET /api/companies': { expect: all(200) },
  'POST /api/companies': { payload: () => ({ name: `Company ${next()}` }), expect: all(201) },
  // company_creation is 'everyone' in this licence: a user renames too (decision 022).
  'PATCH /api/companies/:id': {
    params: { id: fresh.company },
    payload: () => ({ name: `C ${next()}` }),
    expect: readOnRecord,
  },
  'GET /api/email_templates': { request: () => ({ url: '/api/email_templates/' }), expect: all(200) },
  'POST /api/email_templates': {
    payload: () => ({ name: `Mine ${next()}` }),
    expect: { user: 201, reader: 403, admin: 201, stranger: 201 },
  },
  'GET /api/email_templates/:id': { params: { id: fresh.template }, expect: readOnRecord },
  'PATCH /api/email_templates/:id': {
    params: { id: fresh.template },
    payload: () => ({ subject: 'New subject' }),
    expect: managersOnRecord(200),
  },
  'DELETE /api/email_templates/:id': { params: { id: fresh.template }, expect: managersOnRecord(204) },
  'GET /api/users/me/signature': { expect: all(200) },
  'PUT /api/users/me/signature': { payload: () => ({ value: '<p>Regards</p>' }), expect: all(200) },
};
