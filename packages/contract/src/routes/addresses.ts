import type { Address } from './route.ts';

/**
 * Where each route of the table is: method, path, service and who may call it, without zod (decision 150).
 * The table (`routes/index.ts`) adds each one's schemas to its address here; the web imports these alone
 * (`@vivier/contract/routes`) so its bundle carries no schema, and types its calls from the table.
 */

const at = <const A extends Address>(address: A): A => address;

export const addresses = {
  system: {
    health: at({ method: 'GET', path: '/health', service: 'main', access: 'public', ungated: true }),
  },
  auth: {
    login: at({ method: 'POST', path: '/users/login', service: 'users', access: 'public' }),
    chooseOrganisation: at({
      method: 'POST',
      path: '/users/login/organisation',
      service: 'users',
      access: 'public',
    }),
    refresh: at({ method: 'GET', path: '/users/refresh/:token', service: 'users', access: 'public' }),
    logout: at({ method: 'POST', path: '/users/logout', service: 'users', access: 'public' }),
    forgotPassword: at({
      method: 'GET',
      path: '/password/forgot/:email',
      service: 'users',
      access: 'public',
    }),
    resetPassword: at({ method: 'PATCH', path: '/password/:token', service: 'users', access: 'public' }),
    confirmAddress: at({ method: 'POST', path: '/users/confirm/:token', service: 'users', access: 'public' }),
    oauthStart: at({ method: 'GET', path: '/oauth/:provider/auth', service: 'users', access: 'public' }),
    oauthCallback: at({
      method: 'GET',
      path: '/oauth/:provider/callback',
      service: 'users',
      access: 'public',
    }),
    oauthToken: at({ method: 'GET', path: '/oauth/token', service: 'main', access: 'authenticated' }),
  },
  users: {
    me: at({ method: 'GET', path: '/users/me', service: 'users', access: 'authenticated' }),
    list: at({ method: 'GET', path: '/users/', service: 'users', access: 'authenticated' }),
    get: at({ method: 'GET', path: '/users/:id', service: 'users', access: 'authenticated' }),
    create: at({ method: 'POST', path: '/users', service: 'users', access: 'authenticated' }),
    update: at({ method: 'PATCH', path: '/users/:id', service: 'users', access: 'authenticated' }),
    remove: at({ method: 'DELETE', path: '/users/:id', service: 'users', access: 'authenticated' }),
  },
  clientData: {
    list: at({ method: 'GET', path: '/client_data', service: 'main', access: 'authenticated' }),
    save: at({ method: 'PUT', path: '/client_data/:id', service: 'main', access: 'authenticated' }),
  },
  signature: {
    get: at({ method: 'GET', path: '/users/me/signature', service: 'main', access: 'authenticated' }),
    save: at({ method: 'PUT', path: '/users/me/signature', service: 'main', access: 'authenticated' }),
  },
  licence: {
    get: at({ method: 'GET', path: '/license', service: 'licence', access: 'authenticated' }),
    users: at({ method: 'GET', path: '/license/users', service: 'licence', access: 'authenticated' }),
    stats: at({ method: 'GET', path: '/license/stats', service: 'licence', access: 'authenticated' }),
  },
  settings: {
    list: at({ method: 'GET', path: '/settings', service: 'main', access: 'authenticated' }),
    update: at({ method: 'PATCH', path: '/settings/:id', service: 'main', access: 'authenticated' }),
  },
  jobOffers: {
    list: at({ method: 'GET', path: '/job_offers', service: 'main', access: 'authenticated' }),
    get: at({ method: 'GET', path: '/job_offers/:id', service: 'main', access: 'authenticated' }),
    create: at({ method: 'POST', path: '/job_offers', service: 'main', access: 'authenticated' }),
    update: at({ method: 'PATCH', path: '/job_offers/:id', service: 'main', access: 'authenticated' }),
    remove: at({ method: 'DELETE', path: '/job_offers/:id', service: 'main', access: 'authenticated' }),
    attachTag: at({
      method: 'POST',
      path: '/job_offers/:id/tags/:tagId',
      service: 'main',
      access: 'authenticated',
    }),
    detachTag: at({
      method: 'DELETE',
      path: '/job_offers/:id/tags/:tagId',
      service: 'main',
      access: 'authenticated',
    }),
    copy: at({ method: 'POST', path: '/job_offers/:id/copy', service: 'main', access: 'authenticated' }),
    export: at({ method: 'GET', path: '/job_offers/:id/export', service: 'main', access: 'authenticated' }),
    exportStatusChange: at({
      method: 'POST',
      path: '/job_offers/:id/export/status_change',
      service: 'main',
      access: 'authenticated',
    }),
  },
  companies: {
    list: at({ method: 'GET', path: '/companies', service: 'main', access: 'authenticated' }),
    create: at({ method: 'POST', path: '/companies', service: 'main', access: 'authenticated' }),
    rename: at({ method: 'PATCH', path: '/companies/:id', service: 'main', access: 'authenticated' }),
  },
  tags: {
    list: at({ method: 'GET', path: '/tags', service: 'main', access: 'authenticated' }),
    create: at({ method: 'POST', path: '/tags', service: 'main', access: 'authenticated' }),
    rename: at({ method: 'PATCH', path: '/tags/:id', service: 'main', access: 'authenticated' }),
    remove: at({ method: 'DELETE', path: '/tags/:id', service: 'main', access: 'authenticated' }),
  },
  statuses: {
    list: at({ method: 'GET', path: '/statuses', service: 'main', access: 'authenticated' }),
    create: at({ method: 'POST', path: '/statuses', service: 'main', access: 'authenticated' }),
    update: at({ method: 'PATCH', path: '/statuses/:id', service: 'main', access: 'authenticated' }),
    remove: at({ method: 'DELETE', path: '/statuses/:id', service: 'main', access: 'authenticated' }),
  },
  candidates: {
    search: at({ method: 'GET', path: '/candidates/search', service: 'main', access: 'authenticated' }),
    byIds: at({ method: 'GET', path: '/candidates', service: 'main', access: 'authenticated' }),
    create: at({ method: 'POST', path: '/candidates', service: 'main', access: 'authenticated' }),
    import: at({ method: 'POST', path: '/candidates/import', service: 'main', access: 'authenticated' }),
    get: at({ method: 'GET', path: '/candidates/:id', service: 'main', access: 'authenticated' }),
    update: at({ method: 'PATCH', path: '/candidates/:id', service: 'main', access: 'authenticated' }),
    jobApplications: at({
      method: 'GET',
      path: '/candidates/:id/job_applications',
      service: 'main',
      access: 'authenticated',
    }),
    addContact: at({
      method: 'PATCH',
      path: '/candidates/:id/add_contact',
      service: 'main',
      access: 'authenticated',
    }),
    deleteContact: at({
      method: 'PATCH',
      path: '/candidates/:id/delete_contact',
      service: 'main',
      access: 'authenticated',
    }),
    setPrimaryContact: at({
      method: 'PATCH',
      path: '/candidates/:id/set_primary_contact',
      service: 'main',
      access: 'authenticated',
    }),
    attachTag: at({
      method: 'POST',
      path: '/candidates/:candidateId/tags/:tagId',
      service: 'main',
      access: 'authenticated',
    }),
    detachTag: at({
      method: 'DELETE',
      path: '/candidates/:candidateId/tags/:tagId',
      service: 'main',
      access: 'authenticated',
    }),
    emails: at({ method: 'GET', path: '/candidates/:id/emails', service: 'main', access: 'authenticated' }),
  },
  jobApplications: {
    listOfOffer: at({
      method: 'GET',
      path: '/job_offers/:id/job_applications',
      service: 'main',
      access: 'authenticated',
    }),
    moveAll: at({
      method: 'PATCH',
      path: '/job_offers/:id/job_applications',
      service: 'main',
      access: 'authenticated',
    }),
    move: at({ method: 'PATCH', path: '/job_applications/:id', service: 'main', access: 'authenticated' }),
    remove: at({ method: 'DELETE', path: '/job_applications/:id', service: 'main', access: 'authenticated' }),
    bulkCreate: at({
      method: 'POST',
      path: '/job_applications/bulk_create',
      service: 'main',
      access: 'authenticated',
    }),
  },
  emailTemplates: {
    list: at({ method: 'GET', path: '/email_templates/', service: 'main', access: 'authenticated' }),
    get: at({ method: 'GET', path: '/email_templates/:id', service: 'main', access: 'authenticated' }),
    create: at({ method: 'POST', path: '/email_templates', service: 'main', access: 'authenticated' }),
    update: at({ method: 'PATCH', path: '/email_templates/:id', service: 'main', access: 'authenticated' }),
    remove: at({ method: 'DELETE', path: '/email_templates/:id', service: 'main', access: 'authenticated' }),
  },
  emailSending: {
    preview: at({
      method: 'POST',
      path: '/job_offers/:id/emails/preview',
      service: 'main',
      access: 'authenticated',
    }),
    send: at({ method: 'POST', path: '/job_offers/:id/emails', service: 'main', access: 'authenticated' }),
    progress: at({ method: 'GET', path: '/email_sends/:id', service: 'main', access: 'authenticated' }),
  },
};
