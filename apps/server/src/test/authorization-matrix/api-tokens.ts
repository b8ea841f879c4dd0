import { adminOnRecord, org, type Row, t } from './world.ts';

/** Licence-wide, admins only: another licence's user is refused as their own licence's user is. */
const adminsOnly = (ok: number) => ({ user: 403, reader: 403, admin: ok, stranger: 403 });

/** A fresh token the owning licence's admin made: its id. */
async function adminsToken() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api_tokens',
    headers: org.admin.headers,
    payload: { name: 'Matrix', scopes: ['job_offers:read'] },
  });
  return res.json().id as number;
}

/**
 * The authorization matrix's rows of API tokens (issue 25, decision 198): the admins', from a session;
 * another licence's token is absent (404). What a token itself may call: api-tokens.routes.test.ts, from the
 * route table.
 */
export const API_TOKEN_ROWS: Record<string, Row> = {
  'GET /api/api_tokens': { expect: adminsOnly(200) },
  'POST /api/api_tokens': {
    payload: () => ({ name: 'Zapier', scopes: ['candidates:read'] }),
    expect: adminsOnly(201),
  },
  'DELETE /api/api_tokens/:id': { params: { id: adminsToken }, expect: adminOnRecord(200) },
};
