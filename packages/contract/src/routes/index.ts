import { activity, notes, notifications, rejectionReasons } from './activity.ts';
import { apiTokens } from './api-tokens.ts';
import { audit } from './audit.ts';
import { auth } from './auth.ts';
import { candidateDrafts } from './candidate-drafts.ts';
import { candidateFiles } from './candidate-files.ts';
import { candidates } from './candidates.ts';
import { careersSite } from './careers-site.ts';
import { companies, statuses, tags } from './catalog.ts';
import { emailSending, emailTemplates } from './emails.ts';
import { candidateErasures } from './erasure.ts';
import { calendarFeed, interviews } from './interviews.ts';
import { jobApplications } from './job-applications.ts';
import { jobOffers } from './job-offers.ts';
import { privacy } from './privacy.ts';
import { reports } from './reports.ts';
import { retention } from './retention.ts';
import type { RouteEntry } from './route.ts';
import { savedSearches } from './saved-searches.ts';
import { system } from './system.ts';
import { clientData, licence, settings, signature, users } from './users.ts';
import { webhooks } from './webhooks.ts';

export * from './route.ts';

/**
 * Every JSON route of the API, by resource (decision 150). The server registers each one from here
 * (apps/server/src/http/route.ts), the OpenAPI document is generated from the registered entries, and the web
 * calls them with `call(routes.x.y, input)` (apps/web/src/shared/api/call.ts).
 */
export const routes = {
  system,
  auth,
  users,
  clientData,
  signature,
  licence,
  settings,
  retention,
  apiTokens,
  webhooks,
  audit,
  jobOffers,
  reports,
  careersSite,
  companies,
  tags,
  statuses,
  candidates,
  savedSearches,
  jobApplications,
  interviews,
  calendarFeed,
  emailTemplates,
  emailSending,
  activity,
  candidateFiles,
  candidateDrafts,
  candidateErasures,
  notes,
  notifications,
  rejectionReasons,
  privacy,
};

/** The table as a flat list, `[name, entry]` with names like `jobOffers.update`. */
export const routeList = (): [string, RouteEntry][] =>
  Object.entries(routes).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, RouteEntry>).map(([name, entry]): [string, RouteEntry] => [
      `${group}.${name}`,
      entry,
    ]),
  );
