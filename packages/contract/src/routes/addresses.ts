import type { ApiTokenResource } from '../api-token-scopes.ts';
import type { Access, Address, HttpMethod, Service } from './route.ts';

/**
 * Where each route of the table is: method, path, service and who may call it, without zod (decision 150).
 * The table (`routes/index.ts`) adds each one's schemas to its address here; the web imports these alone
 * (`@vivier/contract/routes`) so its bundle carries no schema, and types its calls from the table.
 */

/** `'PATCH /job_offers/:id'` as its method and path, typed as the literals written. */
type Parsed<R extends string> = R extends `${infer M extends HttpMethod} ${infer P}`
  ? { method: M; path: P }
  : never;

/** The addresses of one service with one kind of access: `main('GET /job_offers')`. */
const on =
  <const S extends Service, const A extends Access>(service: S, access: A) =>
  <const R extends `${HttpMethod} /${string}`>(route: R) => {
    const space = route.indexOf(' ');
    const address = { method: route.slice(0, space), path: route.slice(space + 1), service, access };
    return address as typeof address & Parsed<R>;
  };

/**
 * A group of addresses programs may call with an API token holding a scope of `resource` (decision 198): the
 * token dimension of the route table, written once per group.
 */
const forTokens = <const R extends ApiTokenResource, const G extends Record<string, Address>>(
  resource: R,
  routes: G,
): { [N in keyof G]: G[N] & { scope: R } } =>
  Object.fromEntries(Object.entries(routes).map(([name, a]) => [name, { ...a, scope: resource }])) as {
    [N in keyof G]: G[N] & { scope: R };
  };

const main = on('main', 'authenticated');
const users = on('users', 'authenticated');
const signIn = on('users', 'public');
const licence = on('licence', 'authenticated');

export const addresses = {
  system: {
    // Registered outside the maintenance gate, so it answers during a maintenance window.
    health: { ...on('main', 'public')('GET /health'), ungated: true as const },
  },
  auth: {
    login: signIn('POST /users/login'),
    chooseOrganisation: signIn('POST /users/login/organisation'),
    refresh: signIn('GET /users/refresh/:token'),
    logout: signIn('POST /users/logout'),
    forgotPassword: signIn('GET /password/forgot/:email'),
    resetPassword: signIn('PATCH /password/:token'),
    confirmAddress: signIn('POST /users/confirm/:token'),
    oauthStart: signIn('GET /oauth/:provider/auth'),
    oauthCallback: signIn('GET /oauth/:provider/callback'),
    oauthToken: main('GET /oauth/token'),
  },
  // Tokens read users (users:read); no scope writes them.
  users: forTokens('users', {
    me: users('GET /users/me'),
    list: users('GET /users/'),
    get: users('GET /users/:id'),
    create: users('POST /users'),
    update: users('PATCH /users/:id'),
    remove: users('DELETE /users/:id'),
  }),
  clientData: {
    list: main('GET /client_data'),
    save: main('PUT /client_data/:id'),
  },
  signature: {
    get: main('GET /users/me/signature'),
    save: main('PUT /users/me/signature'),
  },
  licence: {
    get: licence('GET /license'),
    users: licence('GET /license/users'),
    stats: licence('GET /license/stats'),
  },
  // API tokens (issue 25, decision 198): admins, with a session; closed to tokens.
  apiTokens: {
    list: main('GET /api_tokens'),
    create: main('POST /api_tokens'),
    revoke: main('DELETE /api_tokens/:id'),
  },
  // Webhooks (issue 25, decision 199): admins, and tokens with a webhooks scope.
  webhooks: forTokens('webhooks', {
    list: main('GET /webhooks'),
    create: main('POST /webhooks'),
    update: main('PATCH /webhooks/:id'),
    remove: main('DELETE /webhooks/:id'),
    deliveries: main('GET /webhooks/:id/deliveries'),
    resend: main('POST /webhooks/:id/deliveries/:deliveryId/resend'),
    test: main('POST /webhooks/:id/test'),
  }),
  audit: {
    list: main('GET /audit_entries'),
    export: main('GET /audit_entries/export'),
  },
  settings: {
    list: main('GET /settings'),
    update: main('PATCH /settings/:id'),
  },
  // Retention (issue 24, decision 195): admins only.
  retention: {
    due: main('GET /retention/due'),
    exclude: main('POST /retention/exclusions'),
  },
  jobOffers: forTokens('job_offers', {
    list: main('GET /job_offers'),
    get: main('GET /job_offers/:id'),
    create: main('POST /job_offers'),
    update: main('PATCH /job_offers/:id'),
    remove: main('DELETE /job_offers/:id'),
    attachTag: main('POST /job_offers/:id/tags/:tagId'),
    detachTag: main('DELETE /job_offers/:id/tags/:tagId'),
    copy: main('POST /job_offers/:id/copy'),
    export: main('GET /job_offers/:id/export'),
    exportStatusChange: main('POST /job_offers/:id/export/status_change'),
    questions: main('GET /job_offers/:id/questions'),
    saveQuestions: main('PUT /job_offers/:id/questions'),
  }),
  // Reports (issue 26, decision 201): every user of the licence, over the offers they see; tokens read them
  // with job_offers:read.
  reports: forTokens('job_offers', {
    funnel: main('GET /reports/funnel'),
    timeInStage: main('GET /reports/time_in_stage'),
    velocity: main('GET /reports/velocity'),
    sources: main('GET /reports/sources'),
    rejectionReasons: main('GET /reports/rejection_reasons'),
    teamActivity: main('GET /reports/team_activity'),
  }),
  // Saved searches (issue 28, decision 208): a person's own and the licence's shared ones, with new matches
  // since that person last opened each; closed to API tokens (no scope): they are a person's side menu.
  savedSearches: {
    list: main('GET /saved_searches'),
    create: main('POST /saved_searches'),
    update: main('PATCH /saved_searches/:id'),
    remove: main('DELETE /saved_searches/:id'),
    open: main('POST /saved_searches/:id/open'),
  },
  // The licence's careers site (issue 23, decision 189): everyone reads, admins change.
  careersSite: {
    get: main('GET /careers_site'),
    save: main('PUT /careers_site'),
    uploadLogo: main('PUT /careers_site/logo'),
    removeLogo: main('DELETE /careers_site/logo'),
  },
  companies: forTokens('job_offers', {
    list: main('GET /companies'),
    create: main('POST /companies'),
    rename: main('PATCH /companies/:id'),
  }),
  tags: forTokens('candidates', {
    list: main('GET /tags'),
    create: main('POST /tags'),
    rename: main('PATCH /tags/:id'),
    remove: main('DELETE /tags/:id'),
  }),
  statuses: forTokens('applications', {
    list: main('GET /statuses'),
    create: main('POST /statuses'),
    update: main('PATCH /statuses/:id'),
    remove: main('DELETE /statuses/:id'),
  }),
  candidates: forTokens('candidates', {
    search: main('GET /candidates/search'),
    byIds: main('GET /candidates'),
    create: main('POST /candidates'),
    import: main('POST /candidates/import'),
    get: main('GET /candidates/:id'),
    update: main('PATCH /candidates/:id'),
    jobApplications: main('GET /candidates/:id/job_applications'),
    addContact: main('PATCH /candidates/:id/add_contact'),
    deleteContact: main('PATCH /candidates/:id/delete_contact'),
    setPrimaryContact: main('PATCH /candidates/:id/set_primary_contact'),
    attachTag: main('POST /candidates/:candidateId/tags/:tagId'),
    detachTag: main('DELETE /candidates/:candidateId/tags/:tagId'),
    emails: main('GET /candidates/:id/emails'),
    sources: main('GET /candidate_sources'),
  }),
  jobApplications: forTokens('applications', {
    listOfOffer: main('GET /job_offers/:id/job_applications'),
    moveAll: main('PATCH /job_offers/:id/job_applications'),
    move: main('PATCH /job_applications/:id'),
    remove: main('DELETE /job_applications/:id'),
    bulkCreate: main('POST /job_applications/bulk_create'),
  }),
  emailTemplates: {
    list: main('GET /email_templates/'),
    get: main('GET /email_templates/:id'),
    create: main('POST /email_templates'),
    update: main('PATCH /email_templates/:id'),
    remove: main('DELETE /email_templates/:id'),
  },
  activity: forTokens('candidates', {
    timeline: main('GET /candidates/:id/timeline'),
    email: main('GET /candidates/:id/emails/:emailId'),
  }),
  // Erasure (issue 24, decision 193).
  candidateErasures: {
    eraseOne: main('POST /candidates/:id/erase'),
    create: main('POST /candidate_erasures'),
    progress: main('GET /candidate_erasures/:id'),
  },
  // Files on a candidate (issue 22, decision 184): under the candidate, so another candidate's file is 404.
  candidateFiles: forTokens('files', {
    list: main('GET /candidates/:id/files'),
    upload: main('POST /candidates/:id/files'),
    download: main('GET /candidates/:id/files/:fileId'),
    preview: main('GET /candidates/:id/files/:fileId/preview'),
    remove: main('DELETE /candidates/:id/files/:fileId'),
    markCv: main('PUT /candidates/:id/files/:fileId/cv'),
  }),
  candidateDrafts: {
    create: main('POST /candidate_drafts'),
    confirm: main('POST /candidate_drafts/confirm'),
  },
  notes: forTokens('notes', {
    list: main('GET /candidates/:id/notes'),
    create: main('POST /candidates/:id/notes'),
    update: main('PATCH /notes/:id'),
    remove: main('DELETE /notes/:id'),
  }),
  notifications: {
    list: main('GET /notifications'),
    read: main('POST /notifications/:id/read'),
    readAll: main('POST /notifications/read_all'),
  },
  rejectionReasons: {
    list: main('GET /rejection_reasons'),
    save: main('PUT /rejection_reasons'),
  },
  // Access and portability, requests from the person (issue 24, decision 194): admins only.
  privacy: {
    dataExport: main('GET /candidates/:id/data_export'),
    listRequests: main('GET /privacy_requests'),
    closeRequest: main('POST /privacy_requests/:id/done'),
  },
  // Interviews (issue 27, decision 202): on an application, their scorecards, the week view.
  interviews: forTokens('applications', {
    listOfApplication: main('GET /job_applications/:id/interviews'),
    schedule: main('POST /job_applications/:id/interviews'),
    week: main('GET /interviews'),
    reschedule: main('PATCH /interviews/:id'),
    cancel: main('POST /interviews/:id/cancel'),
    scorecards: main('GET /interviews/:id/scorecards'),
    submitScorecard: main('PUT /interviews/:id/scorecard'),
    criteria: main('GET /job_offers/:id/scorecard_criteria'),
    saveCriteria: main('PUT /job_offers/:id/scorecard_criteria'),
  }),
  // The interviewer's calendar feed (issue 27): personal, its URL a secret; closed to API tokens.
  calendarFeed: {
    get: main('GET /users/me/calendar_feed'),
    create: main('POST /users/me/calendar_feed'),
    revoke: main('DELETE /users/me/calendar_feed'),
  },
  emailSending: {
    preview: main('POST /job_offers/:id/emails/preview'),
    send: main('POST /job_offers/:id/emails'),
    progress: main('GET /email_sends/:id'),
  },
};
