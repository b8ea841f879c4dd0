import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateContacts, jobApplications, settings, statuses, users } from '../../db/schema/index.ts';
import { insertCandidates, type Organisation, organisation } from '../fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../harness.ts';

/**
 * The authorization matrix's world and machinery (its rows: organisation.ts, candidates.ts, job-offers.ts beside
 * this file; its test files: src/authorization-matrix*.test.ts). The authorization matrix (issue 12; Mastodon's policy permit tables): every route the app has, for an
 * anonymous caller, a user and an admin of the licence that owns the records, a user of another licence, and
 * (issue 18 section 7) a `reader`: a user of the owning licence at the read-only level 'Other' (decision 090),
 * ASSIGNED to every offer the rows make, so where a manager-level user assigned there would be let in, a 403 to
 * the reader is the level's doing. The routes are read from the router itself, so a route added without a row
 * here fails authorization-matrix.test.ts.
 *
 * The world's records are live bindings (`t`, `org`, `stranger`, `reader`): `withMatrixWorld()` sets them before
 * a file's tests, and the rows' factories read them when they run.
 */

export type Caller = 'user' | 'reader' | 'admin' | 'stranger';
export type Row = {
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
export const PUBLIC = new Set([
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
  // An interviewer's calendar feed (issue 27): the secret in the address is its only key.
  'GET /calendar/:token.ics',
]);
/** The careers site's pages and its apply form (decisions 190, 191): public to everyone, the same page whoever asks. */
export const isCareersPage = (route: string) => /^(GET|POST) \/careers/.test(route);
export const isPublic = (route: string) =>
  PUBLIC.has(route) || route.startsWith('GET /api/docs') || isCareersPage(route);

export let t: TestApp;
export let org: Organisation;
export let stranger: Organisation;
export let reader: { id: number; headers: Record<string, string> };
let sequence = 0;
export const next = () => `${Date.now().toString(36)}${++sequence}`;

/** Creates a record over the API as the owning licence's admin; answers its id. */
const created = async (url: string, payload: object) =>
  (await t.app.inject({ method: 'POST', url, headers: org.admin.headers, payload })).json().id as number;

/** Fresh records of the owning licence, made with the admin's rights so each caller has its own. */
export const fresh = {
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
  setting: async (name: string) => {
    const [row] = await t.db
      .select({ id: settings.id })
      .from(settings)
      .where(and(eq(settings.licenceId, org.licence.id), eq(settings.name, name)));
    return row?.id ?? 0;
  },
};

/** A contact action on a fresh candidate's email contact. */
export const onContact = (action: string) => async (): Promise<InjectOptions> => {
  const { candidateId, value } = await fresh.candidateWithEmail();
  return {
    method: 'PATCH',
    url: `/api/candidates/${candidateId}/${action}`,
    payload: { type: 'email', value },
  };
};

/** Where and what to POST to send a fresh template to a candidate without a status in an admin's offer. */
export const sendRequest = async () => {
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

export const all = (status: number) => ({ user: status, reader: status, admin: status, stranger: status });
/** Read by anyone of the owning licence; another licence's record is as absent as a missing one. */
export const readOnRecord = { user: 200, reader: 200, admin: 200, stranger: 404 };
/**
 * Changed by the admin (and the offer's managers and manager-level assignees) only: the user is not assigned,
 * the reader is but reads only; another licence's record is as absent as a missing one.
 */
export const adminOnRecord = (ok: number) => ({ user: 403, reader: 403, admin: ok, stranger: 404 });
/** Written by managers of the licence (level 'Manager', and admins), read by the 'Other' level (decision 090). */
export const managersOnRecord = (ok: number) => ({ user: ok, reader: 403, admin: ok, stranger: 404 });

/**
 * The request of a row: its own, or the route's method and path with each parameter made afresh (in the order
 * the row names them), and its payload.
 */
export async function requestOf(route: string, row: Row): Promise<InjectOptions> {
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

/** Before the file's tests: an app, the owning licence with its reader, another licence; after them, closed. */
export function withMatrixWorld() {
  beforeAll(async () => {
    t = await createTestApp();
    org = await organisation(t);
    stranger = await organisation(t);
    const readOnly = await t.user(org.licence.id, 'reader@matrix.test');
    await t.db.update(users).set({ level: 'other' }).where(eq(users.id, readOnly.id));
    reader = { id: readOnly.id, headers: t.auth((await t.login('reader@matrix.test')).jwt) };
  });
  afterAll(() => t?.close());
}

const headersOf = (caller: Caller) =>
  ({
    user: org.alice.headers,
    reader: reader.headers,
    admin: org.admin.headers,
    stranger: stranger.alice.headers,
  })[caller];

/** A concrete URL for a route pattern: every parameter a number, enough to reach the authentication. */
export const sample = (path: string) => path.replace(/:[a-zA-Z]+/g, '1').replace('*', 'x');

/**
 * A test file of rows: the world before its tests, then one test per row, in which each caller's request, made
 * afresh, answers the row's status.
 */
export function checkRows(subject: string, rows: Record<string, Row>) {
  withMatrixWorld();
  describe(`the authorization matrix: ${subject}`, () => rowTests(rows));
}

function rowTests(rows: Record<string, Row>) {
  for (const [route, row] of Object.entries(rows)) {
    it(`${route}: user ${row.expect.user}, reader ${row.expect.reader}, admin ${row.expect.admin}, other licence ${row.expect.stranger}`, async () => {
      for (const caller of ['user', 'reader', 'admin', 'stranger'] as const) {
        const request = await requestOf(route, row);
        const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headersOf(caller) } });
        expect(res.statusCode, `${route} as ${caller}: ${res.body}`).toBe(row.expect[caller]);
      }
    });
  }
}
