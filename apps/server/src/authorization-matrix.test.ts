import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  candidateContacts,
  candidateEmails,
  jobApplications,
  notifications,
  settings,
  statuses,
  users,
} from './db/schema/index.ts';
import { insertCandidates, type Organisation, organisation } from './test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { routesOf } from './test/router-routes.ts';

/**
 * The authorization matrix (issue 12; Mastodon's policy permit tables): every route the app has, for an
 * anonymous caller, a user and an admin of the licence that owns the records, a user of another licence, and
 * (issue 18 section 7) a `reader`: a user of the owning licence at the read-only level 'Other' (decision 090),
 * ASSIGNED to every offer the rows make, so where a manager-level user assigned there would be let in, a 403 to
 * the reader is the level's doing. The routes are read from the router itself, so a route added without a row
 * here fails this test.
 */

type Caller = 'user' | 'reader' | 'admin' | 'stranger';
type Row = {
  /**
   * The value of each of the route's path parameters (`:id`, `:tagId`), made afresh for each caller (a delete
   * needs its own victim); the request is the route's method and path with them.
   */
  params?: Record<string, () => Promise<number>>;
  payload?: () => Promise<object> | object;
  /** The request, where the route's method and path with `params` and `payload` are not enough. */
  request?: () => Promise<InjectOptions> | InjectOptions;
  expect: Record<Caller, number>;
};

/** Routes anyone may call: sign-in, refresh, recovery, health, the API's own documentation. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'POST /api/users/login',
  'POST /api/users/login/organisation',
  'POST /api/users/confirm/:token',
  'GET /api/users/refresh/:token',
  'GET /api/password/forgot/:email',
  'PATCH /api/password/:token',
  'POST /api/users/logout',
  'GET /api/oauth/:provider/auth',
  'GET /api/oauth/:provider/callback',
]);
const isPublic = (route: string) => PUBLIC.has(route) || route.startsWith('GET /api/docs');

let t: TestApp;
let org: Organisation;
let stranger: Organisation;
let reader: { id: number; headers: Record<string, string> };
let sequence = 0;
const next = () => `${Date.now().toString(36)}${++sequence}`;

/** Creates a record over the API as the owning licence's admin; answers its id. */
const created = async (url: string, payload: object) =>
  (await t.app.inject({ method: 'POST', url, headers: org.admin.headers, payload })).json().id as number;

/** Fresh records of the owning licence, made with the admin's rights so each caller has its own. */
const fresh = {
  user: async () => (await t.user(org.licence.id, `victim-${next()}@matrix.test`)).id,
  offer: () =>
    created('/api/job_offers', { job_offer: { name: `Offer ${next()}`, assigned_users: [reader.id] } }),
  tag: () => created('/api/tags', { name: `Tag ${next()}` }),
  company: () => created('/api/companies', { name: `Company ${next()}` }),
  status: async () => {
    const [row] = await t.db
      .insert(statuses)
      .values({ licenceId: org.licence.id, name: `Status ${next()}`, index: 50 + sequence, color: '12b886' })
      .returning({ id: statuses.id });
    return row?.id ?? 0;
  },
  candidate: async () => (await insertCandidates(t, org.licence.id, 1))[0] ?? 0,
  /** A candidate with an email contact to delete or promote. */
  candidateWithEmail: async () => {
    const candidateId = (await insertCandidates(t, org.licence.id, 1))[0] ?? 0;
    const value = `contact-${next()}@matrix.test`;
    await t.db
      .insert(candidateContacts)
      .values({ licenceId: org.licence.id, candidateId, kind: 'email', value });
    return { candidateId, value };
  },
  /** An application in an offer the admin manages (users who are not assigned cannot change it). */
  application: async () => {
    const jobOfferId = await fresh.offer();
    const candidateId = (await insertCandidates(t, org.licence.id, 1))[0] ?? 0;
    const statusId = await fresh.status();
    const [row] = await t.db
      .insert(jobApplications)
      .values({ licenceId: org.licence.id, jobOfferId, candidateId, statusId })
      .returning({ id: jobApplications.id });
    return { id: row?.id ?? 0, jobOfferId, statusId };
  },
  /** The offer of a fresh application. */
  applicationOffer: async () => (await fresh.application()).jobOfferId,
  template: () =>
    created('/api/email_templates', {
      name: `Template ${next()}`,
      subject: 'Hello [:first_name:]',
      content: '<p>Hi</p>',
    }),
  /** A note the admin wrote on a fresh candidate. */
  note: async () => created(`/api/candidates/${await fresh.candidate()}/notes`, { content: '<p>A note</p>' }),
  notificationOf: async (userId: number) => {
    const [row] = await t.db
      .insert(notifications)
      .values({ licenceId: org.licence.id, userId, kind: 'mention', candidateId: await fresh.candidate() })
      .returning({ id: notifications.id });
    return row?.id ?? 0;
  },
  setting: async (name: string) => {
    const [row] = await t.db
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.licenceId, org.licence.id), eq(settings.name, name)));
    return row?.id ?? 0;
  },
};

/** A contact action on a fresh candidate's email contact. */
const onContact = (action: string) => async (): Promise<InjectOptions> => {
  const { candidateId, value } = await fresh.candidateWithEmail();
  return {
    method: 'PATCH',
    url: `/api/candidates/${candidateId}/${action}`,
    payload: { type: 'email', value },
  };
};

/** Where and what to POST to send a fresh template to a candidate without a status in an admin's offer. */
const sendRequest = async () => {
  const { jobOfferId } = await fresh.application();
  const [candidateId] = await insertCandidates(t, org.licence.id, 1);
  await t.db
    .insert(jobApplications)
    .values({ licenceId: org.licence.id, jobOfferId, candidateId: candidateId ?? 0, statusId: null });
  return {
    url: `/api/job_offers/${jobOfferId}/emails`,
    payload: { email_template_id: await fresh.template(), candidate_ids: [candidateId] },
  };
};

const all = (status: number) => ({ user: status, reader: status, admin: status, stranger: status });
/** Read by anyone of the owning licence; another licence's record is as absent as a missing one. */
const readOnRecord = { user: 200, reader: 200, admin: 200, stranger: 404 };
/**
 * Changed by the admin (and the offer's managers and manager-level assignees) only: the user is not assigned,
 * the reader is but reads only; another licence's record is as absent as a missing one.
 */
const adminOnRecord = (ok: number) => ({ user: 403, reader: 403, admin: ok, stranger: 404 });
/** Written by managers of the licence (level 'Manager', and admins), read by the 'Other' level (decision 090). */
const managersOnRecord = (ok: number) => ({ user: ok, reader: 403, admin: ok, stranger: 404 });

const MATRIX: Record<string, Row> = {
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
  'GET /api/job_offers': { expect: all(200) },
  'GET /api/job_offers/:id': { params: { id: fresh.offer }, expect: readOnRecord },
  // The candidate database (issue 9): each licence searches and adds to its own; another licence's ids are
  // simply not found (X-Requested-Ids answers the caller's candidates only).
  'GET /api/candidates/search': { expect: all(200) },
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
  'GET /api/job_offers/:id/job_applications': {
    params: { id: fresh.applicationOffer },
    expect: readOnRecord,
  },
  'PATCH /api/job_offers/:id/job_applications': {
    params: { id: fresh.applicationOffer },
    payload: async () => ({ status_id: await fresh.status() }),
    expect: adminOnRecord(200),
  },
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
  'GET /api/candidates/:id|:candidateId/emails': { params: { id: fresh.candidate }, expect: readOnRecord },
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
  'POST /api/job_offers/:id/tags/:tagId': {
    params: { id: fresh.offer, tagId: fresh.tag },
    expect: adminOnRecord(200),
  },
  'DELETE /api/job_offers/:id/tags/:tagId': {
    params: { id: fresh.offer, tagId: fresh.tag },
    expect: adminOnRecord(200),
  },
  // Candidate activity (issue 21): the timeline, notes and mails are read by every user of the licence; notes
  // are written by any of them (the read-only level too: a note changes no offer) and changed by their author
  // or an admin; notifications are each user's own; rejection reasons are the admin's to edit.
  'GET /api/candidates/:id|:candidateId/timeline': { params: { id: fresh.candidate }, expect: readOnRecord },
  'GET /api/candidates/:id|:candidateId/emails/:emailId': {
    request: async () => {
      const candidateId = await fresh.candidate();
      const [row] = await t.db
        .insert(candidateEmails)
        .values({
          licenceId: org.licence.id,
          candidateId,
          senderEmail: 'admin@matrix.test',
          recipient: 'c@matrix.test',
          subject: 'Hi',
          content: '<p>Hi</p>',
        })
        .returning({ id: candidateEmails.id });
      return { url: `/api/candidates/${candidateId}/emails/${row?.id}` };
    },
    expect: readOnRecord,
  },
  'GET /api/candidates/:id|:candidateId/notes': { params: { id: fresh.candidate }, expect: readOnRecord },
  'POST /api/candidates/:id|:candidateId/notes': {
    params: { id: fresh.candidate },
    payload: () => ({ content: '<p>Met them today</p>' }),
    expect: { user: 201, reader: 201, admin: 201, stranger: 404 },
  },
  'PATCH /api/notes/:id': {
    params: { id: () => fresh.note() },
    payload: () => ({ content: '<p>Changed</p>' }),
    expect: adminOnRecord(200),
  },
  'DELETE /api/notes/:id': { params: { id: () => fresh.note() }, expect: adminOnRecord(204) },
  'GET /api/notifications': { expect: all(200) },
  // Alice's notification: only she may mark it; to anyone else it is as absent as a missing one.
  'POST /api/notifications/:id/read': {
    params: { id: () => fresh.notificationOf(org.alice.id) },
    expect: { user: 200, reader: 404, admin: 404, stranger: 404 },
  },
  'POST /api/notifications/read_all': { expect: all(200) },
  'GET /api/rejection_reasons': { expect: all(200) },
  'PUT /api/rejection_reasons': {
    payload: () => ({ reasons: [{ name: 'Skills' }] }),
    expect: { user: 403, reader: 403, admin: 200, stranger: 403 },
  },
};

/**
 * The request of a row: its own, or the route's method and path with each parameter made afresh (in the order
 * the row names them), and its payload.
 */
async function requestOf(route: string, row: Row): Promise<InjectOptions> {
  if (row.request) return row.request();
  const [method, pattern = ''] = route.split(' ');
  let url = pattern;
  for (const [name, make] of Object.entries(row.params ?? {})) {
    url = url.replace(new RegExp(`:${name}(\\|:[a-zA-Z]+)*`), String(await make()));
  }
  if (url.includes(':')) throw new Error(`${route}: no value for a parameter`);
  const payload = await row.payload?.();
  return { method: method as 'GET', url, ...(payload === undefined ? {} : { payload }) };
}

beforeAll(async () => {
  t = await createTestApp();
  org = await organisation(t);
  stranger = await organisation(t);
  const readOnly = await t.user(org.licence.id, 'reader@matrix.test');
  await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
  reader = { id: readOnly.id, headers: t.auth((await t.login('reader@matrix.test')).jwt) };
});
afterAll(() => t.close());

const headersOf = (caller: Caller) =>
  ({
    user: org.alice.headers,
    reader: reader.headers,
    admin: org.admin.headers,
    stranger: stranger.alice.headers,
  })[caller];

/** A concrete URL for a route pattern: every parameter a number, enough to reach the authentication. */
const sample = (path: string) => path.replace(/:[a-zA-Z]+/g, '1').replace('*', 'x');

describe('the authorization matrix', () => {
  it('reads the routes from the router', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('GET /api/users/me');
    expect(routes).toContain('DELETE /api/job_offers/:id/tags/:tagId');
    expect(routes.length).toBeGreaterThan(30);
  });

  it('has a row for every route that needs a caller, and no row for a route that is gone', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    const guarded = routes.filter((route) => !isPublic(route));
    expect(
      guarded.filter((route) => !(route in MATRIX)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      'rows of no route',
    ).toEqual([]);
  });

  it('answers 401 to an anonymous caller on every route but the public ones', async () => {
    for (const route of routesOf(t.app.printRoutes({ commonPrefix: false }))) {
      const [method = 'GET', path = '/'] = route.split(' ');
      const res = await t.app.inject({ method: method as 'GET', url: sample(path), payload: {} });
      if (route.startsWith('GET /api/docs')) continue;
      // A public route may refuse what it is given (a bad refresh token is a 401), never for want of a caller.
      if (isPublic(route)) expect(res.json().error, route).not.toBe('unauthorized');
      else {
        expect(res.statusCode, route).toBe(401);
        expect(res.json().error, route).toBe('unauthorized');
      }
    }
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}: user ${row.expect.user}, reader ${row.expect.reader}, admin ${row.expect.admin}, other licence ${row.expect.stranger}`, async () => {
      for (const caller of ['user', 'reader', 'admin', 'stranger'] as const) {
        const request = await requestOf(route, row);
        const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headersOf(caller) } });
        expect(res.statusCode, `${route} as ${caller}: ${res.body}`).toBe(row.expect[caller]);
      }
    });
  }
});
