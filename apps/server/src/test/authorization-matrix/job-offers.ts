import { adminOnRecord, all, fresh, next, org, type Row, readOnRecord, sendRequest, t } from './world.ts';

/** The authorization matrix's rows of job offers, their pipelines, copies, exports and email sending. */
export const JOB_OFFER_ROWS: Record<string, Row> = {
  'GET /api/job_offers': { expect: all(200) },
  'GET /api/job_offers/:id': { params: { id: fresh.offer }, expect: readOnRecord },
  // The candidate database (issue 9): each licence searches and adds to its own; another licence's ids are
  // simply not found (X-Requested-Ids answers the caller's candidates only).
  'GET /api/job_offers/:id/job_applications': {
    params: { id: fresh.applicationOffer },
    expect: readOnRecord,
  },
  'PATCH /api/job_offers/:id/job_applications': {
    params: { id: fresh.applicationOffer },
    payload: async () => ({ status_id: await fresh.status() }),
    expect: adminOnRecord(200),
  },
  'POST /api/job_offers/:id/copy': {
    request: async () => {
      const { jobOfferId, statusId } = await fresh.application();
      return {
        method: 'POST',
        url: `/api/job_offers/${jobOfferId}/copy`,
        payload: { from_status: [statusId], dest: { name: `Copy ${next()}` } },
      };
    },
    expect: { user: 200, reader: 403, admin: 200, stranger: 404 },
  },
  'GET /api/job_offers/:id/export': { params: { id: fresh.applicationOffer }, expect: readOnRecord },
  'POST /api/job_offers/:id/export/status_change': {
    request: async () => {
      const { jobOfferId, statusId } = await fresh.application();
      return {
        method: 'POST',
        url: `/api/job_offers/${jobOfferId}/export/status_change`,
        payload: { status_id: await fresh.status(), statuses: [statusId] },
      };
    },
    expect: adminOnRecord(200),
  },
  // Email templates, signatures and sending (issue 11): templates belong to the licence, its managers write
  // them and the 'Other' level reads them (decision 090; a template linked to an offer is changed by those who
  // may change the offer: email-templates.routes.test.ts); sending needs the right to change the offer,
  // previewing to see it.
  'POST /api/job_offers/:id/emails/preview': {
    params: { id: fresh.applicationOffer },
    payload: async () => ({ email_template_id: await fresh.template() }),
    expect: readOnRecord,
  },
  'POST /api/job_offers/:id/emails': {
    request: async () => ({ method: 'POST', ...(await sendRequest()) }),
    expect: adminOnRecord(202),
  },
  // A send of the owning licence: any of its users may follow it, another licence's user gets 404.
  'GET /api/email_sends/:id': {
    request: async () => {
      const res = await t.app.inject({
        method: 'POST',
        headers: org.admin.headers,
        ...(await sendRequest()),
      });
      return { url: `/api/email_sends/${res.json().id}` };
    },
    expect: { user: 200, reader: 200, admin: 200, stranger: 404 },
  },
  'POST /api/job_offers': {
    payload: () => ({ job_offer: { name: 'Mine' } }),
    expect: { user: 201, reader: 403, admin: 201, stranger: 201 },
  },
  // The admin's offer: a user who neither manages it nor is assigned to it cannot change it (decision 020).
  'PATCH /api/job_offers/:id': {
    params: { id: fresh.offer },
    payload: () => ({ job_offer: { name: 'Renamed' } }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/job_offers/:id': { params: { id: fresh.offer }, expect: adminOnRecord(204) },
  // An offer's apply-form questions (issue 23, decision 189): read as the offer, saved as the offer is changed.
  'GET /api/job_offers/:id/questions': { params: { id: fresh.offer }, expect: readOnRecord },
  'PUT /api/job_offers/:id/questions': {
    params: { id: fresh.offer },
    payload: () => ({ questions: [{ kind: 'yes_no', label: 'Can you start in May?', required: true }] }),
    expect: adminOnRecord(200),
  },
  'POST /api/job_offers/:id/tags/:tagId': {
    params: { id: fresh.offer, tagId: fresh.tag },
    expect: adminOnRecord(200),
  },
  'DELETE /api/job_offers/:id/tags/:tagId': {
    params: { id: fresh.offer, tagId: fresh.tag },
    expect: adminOnRecord(200),
  },
};
