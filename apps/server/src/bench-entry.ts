/**
 * The one server file `bench/` imports (decision 155): what the performance suite drives in process (the
 * database door, the dataset generator, the read queries the routes call) and the test harness pieces it reuses
 * (the real server as a process, the mixed load, the adversarial rich text, the test database the
 * generator's tests fill, the loopback S3 server). The server's architecture test
 * fails on any other import of `apps/server/src` from `bench/`.
 */

export { changeApplicationStatuses } from './commands/change-application-statuses.ts';
export { type Config, loadConfig } from './config.ts';
export { lockHolder } from './db/data-dir-lock.ts';
export { type Database, type Db, openDatabase, openPglite, openPostgres } from './db/database.ts';
export * as schema from './db/schema/index.ts';
export { scoped } from './db/tenant-scope.ts';
export type { Caller } from './http/caller.ts';
export { outgoingClient } from './lib/outgoing-http.ts';
export { secretBox } from './lib/secret-box.ts';
export { candidateExists } from './modules/activity/notes.queries.ts';
export { candidateTimeline } from './modules/activity/timeline.queries.ts';
export { auditPage } from './modules/audit/audit.queries.ts';
export { recordAudit } from './modules/audit/audit.service.ts';
export { entryHash, GENESIS_HASH } from './modules/audit/audit-chain.ts';
export { verifyChain } from './modules/audit/audit-verify.ts';
export { pdfOf } from './modules/candidate-files/reading/test-documents.ts';
export { contactTextOf } from './modules/candidates/candidate-contact-text.ts';
export { textCondition } from './modules/candidates/candidate-search.conditions.ts';
export { type SearchPlan, searchCandidates } from './modules/candidates/candidate-search.queries.ts';
export { parseTagExpression } from './modules/candidates/tag-expression.ts';
export { findCareersSite, listPublicOffers } from './modules/careers/careers.queries.ts';
export * from './modules/demo/seed-words.ts';
export { listOfferApplications } from './modules/job-applications/job-applications.queries.ts';
export { findJobOfferAccess, listJobOffers } from './modules/job-offers/job-offers.queries.ts';
export { createLicence } from './modules/licence/provision.ts';
export { REPORTS, reportFilter, runReport } from './modules/reports/reports.queries.ts';
export { savedSearchAlertMailJob } from './modules/saved-searches/saved-search-alert-mail.job.ts';
export { runSavedSearchAlerts } from './modules/saved-searches/saved-search-alerts.job.ts';
export { findActiveCaller } from './modules/users/users.queries.ts';
export { disabledMailKind } from './modules/webhooks/webhook-disabled-mail.job.ts';
export { drainWebhooks } from './modules/webhooks/webhook-drain.job.ts';
export { secretContext } from './modules/webhooks/webhook-secret.ts';
export { ADVERSARIAL_HTML } from './test/adversarial-html.ts';
export { consistencyProblems, LOAD, runMixedLoad, seedLoadLicence, sendsSettled } from './test/mixed-load.ts';
export { startS3Server } from './test/s3-server.ts';
export { type ProcessDatabase, signIn, startServerProcess } from './test/server-process.ts';
export { openTestDatabase } from './test/test-database.ts';
