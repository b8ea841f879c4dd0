import { adminOnRecord, org, type Row, t } from './world.ts';

/** Licence-wide, admins only: another licence's user is refused as their own licence's user is. */
const adminsOnly = (ok: number) => ({ user: 403, reader: 403, admin: ok, stranger: 403 });

/** A fresh endpoint of the owning licence: its id. */
async function endpoint() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: org.admin.headers,
    payload: { url: 'https://hooks.example.test/vivier', event_types: ['candidate.created'] },
  });
  return res.json().id as number;
}

/** An endpoint with one delivery (a test event), for the resend row: its ids, in the order of the path. */
let made: { id: number; deliveryId: number } | undefined;
async function withDelivery() {
  const id = await endpoint();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${id}/test`,
    headers: org.admin.headers,
  });
  made = { id, deliveryId: res.json().id as number };
  return id;
}

/**
 * The authorization matrix's rows of webhooks (issue 25, decision 199): the admins'; another licence's endpoint
 * is absent (404). What a token may call: webhooks.routes.test.ts and api-tokens.routes.test.ts.
 */
export const WEBHOOK_ROWS: Record<string, Row> = {
  'GET /api/webhooks': { expect: adminsOnly(200) },
  'POST /api/webhooks': {
    payload: () => ({ url: 'https://hooks.example.test/new', event_types: ['note.created'] }),
    expect: adminsOnly(201),
  },
  'PATCH /api/webhooks/:id': {
    params: { id: endpoint },
    payload: () => ({ description: 'Payroll' }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/webhooks/:id': { params: { id: endpoint }, expect: adminOnRecord(204) },
  'GET /api/webhooks/:id/deliveries': { params: { id: endpoint }, expect: adminOnRecord(200) },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {
    params: { id: withDelivery, deliveryId: async () => made?.deliveryId ?? 0 },
    expect: adminOnRecord(202),
  },
  'POST /api/webhooks/:id/test': { params: { id: endpoint }, expect: adminOnRecord(202) },
};
