import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { pgliteMaintenanceJob } from './db/pglite-maintenance.ts';
import { createDeps, type Deps } from './deps.ts';
import { declareCaller } from './http/authenticate.ts';
import { registerDocs } from './http/docs.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { loggerOptions } from './http/log-options.ts';
import { registerRoutes } from './http/routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import type { Jobs } from './jobs/job-runner.ts';
import { jobsPruneJob } from './jobs/jobs-prune.ts';
import { type BackgroundTasks, backgroundTasks } from './lib/background-tasks.ts';
import { createErrorReporter } from './lib/error-reporting.ts';
import type { Mailer } from './mail/mailer.ts';
import { outboxPruneJob } from './mail/outbox-prune.job.ts';
import { mentionMailJob } from './modules/activity/mention-mail.job.ts';
import { auditPruneJob } from './modules/audit/audit-prune.job.ts';
import { candidateDraftsPruneJob } from './modules/candidate-drafts/candidate-drafts-prune.job.ts';
import { fileStoreFor } from './modules/candidate-files/candidate-files.service.ts';
import { candidateFilesSweepJob } from './modules/candidate-files/candidate-files-sweep.job.ts';
import { closeReadingPool } from './modules/candidate-files/reading/read-file-text.ts';
import { readPendingJob, readTextJob } from './modules/candidate-files/reading/text-job.ts';
import { applyJobs } from './modules/careers/apply/apply-mail.job.ts';
import { careersRoutes } from './modules/careers/careers.routes.ts';
import { cliBridgeRoutes } from './modules/cli-bridge/cli-bridge.routes.ts';
import { emailSendJob } from './modules/email-sending/email-send.job.ts';
import { scheduleHousekeeping } from './modules/housekeeping/housekeeping.ts';
import { calendarFileRoutes } from './modules/interviews/calendar-feed.routes.ts';
import { invitationMailJob } from './modules/interviews/invitation-mail.job.ts';
import { reminderMailJob } from './modules/interviews/reminder-mail.job.ts';
import { eraseCandidatesJob } from './modules/privacy/erase-candidates.job.ts';
import { eraseStoredJob } from './modules/privacy/erase-stored.job.ts';
import { privacyMailJob } from './modules/privacy/privacy-mail.job.ts';
import { retentionJob, retentionMailJob } from './modules/retention/retention.job.ts';
import { savedSearchAlertMailJob } from './modules/saved-searches/saved-search-alert-mail.job.ts';
import { savedSearchAlertsJob } from './modules/saved-searches/saved-search-alerts.job.ts';
import { webhookDisabledMailJob } from './modules/webhooks/webhook-disabled-mail.job.ts';
import { releaseOrphanDeliveries, webhookJobs } from './modules/webhooks/webhook-drain.job.ts';
import { webhookPruneJob } from './modules/webhooks/webhook-prune.job.ts';
import { VERSION } from './version.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** `false`: no log at all. */
  logger?: false;
  /** Where the JSON log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The secret the operator CLI presents to hand a command to this server (cli/handoff.ts). */
  cliSecret?: string;
};

/** A number of proxies as the hop test proxy-addr compiles a number into (Fastify's types take no number). */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/**
 * Builds the whole app without listening, so tests drive it with `inject` (fastify/demo's split). In order:
 * dependencies and job kinds, security headers, load shedding, the OpenAPI document, errors, the route tree
 * (http/routes.ts), the web app.
 */
export async function buildApp({ config, database, mailer, logger, logStream, cliSecret }: BuildOptions) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger, logStream),
    // Off unless VIVIER_TRUST_PROXY says a proxy is in front: then request.ip is the client behind it.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    // Fastify's own 503 while closing has a body outside the contract; the load shedding's gate answers instead.
    return503OnClosing: false,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      // Brackets on the wire: filters[search]=x and ids[]=1 (DESIGN section 5).
      querystringParser: (s: string) => qs.parse(s, { arrayLimit: 1000, parameterLimit: 2000, depth: 3 }),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const background = backgroundTasks(app.log);
  app.decorate('background', background);
  // A mail on its way is given a few seconds to leave before the process stops.
  app.addHook('onClose', () =>
    Promise.race([background.settled(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]),
  );
  const deps = await createDeps(app, { config, database, mailer, background });
  const { sendJob, interviewJobs } = registerJobs(app, deps);
  app.decorate('startDraining', () => {
    deps.lifecycle.draining = true;
  });

  await registerSecurityHeaders(app);
  await registerLoadShedding(app, config);
  await registerDocs(app);
  scheduleHousekeeping(app, database.db);
  const reporter = await createErrorReporter(config.sentryDsn, `vivier@${VERSION}`);
  app.addHook('onClose', () => reporter.flush());
  registerErrorHandler(app, reporter);
  declareCaller(app);

  await registerRoutes(app, deps, sendJob, interviewJobs);
  // The public careers site (decision 190): HTML pages in a scope of their own, beside /api, no session.
  await app.register(careersRoutes(deps), { prefix: '/careers' });
  // The interviewers' calendar feeds (issue 27, decision 202): .ics files a calendar fetches, no session.
  await app.register(calendarFileRoutes(deps), { prefix: '/calendar' });
  if (cliSecret) await app.register(cliBridgeRoutes(deps, cliSecret));
  await registerSpa(app, config.webDist);
  return app;
}

/**
 * The queue's job kinds. Its worker is started by server.ts (tests start it themselves); closing the app stops
 * it, and a job it interrupts is queued again as it was.
 */
function registerJobs(app: FastifyInstance, deps: Deps) {
  app.decorate('jobs', deps.jobs);
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    // The reading threads after the worker: a file being read is not failed by its threads closing under it.
    await closeReadingPool();
  });
  const sendJob = emailSendJob({ mailer: deps.mailer, mailFrom: deps.config.mailFrom });
  deps.jobs.register(sendJob);
  deps.jobs.register(mentionMailJob({ mailer: deps.mailer, publicUrl: deps.publicUrl }));
  const interviewJobs = {
    invitation: invitationMailJob(deps),
    reminder: reminderMailJob(deps),
    reminderMinutes: deps.config.interviewReminders,
  };
  deps.jobs.register(interviewJobs.invitation);
  deps.jobs.register(interviewJobs.reminder);
  const careersJobs = applyJobs(deps);
  deps.jobs.register(careersJobs.confirmation);
  deps.jobs.register(careersJobs.notice);
  deps.jobs.register(privacyMailJob(deps));
  const fileStore = fileStoreFor(deps.config);
  deps.jobs.register(readTextJob(fileStore));
  deps.jobs.register(eraseCandidatesJob());
  const outboxDir = deps.config.smtpUrl ? undefined : `${deps.config.dataDir}/outbox`;
  deps.jobs.register(eraseStoredJob({ store: fileStore, outboxDir }));
  const retentionMail = retentionMailJob(deps);
  deps.jobs.register(retentionMail);
  const disabledMail = webhookDisabledMailJob(deps);
  deps.jobs.register(disabledMail);
  const webhooks = webhookJobs({
    client: deps.webhookClient,
    webhookBox: deps.webhookBox,
    disabledMail,
    // Longer than an attempt may take: a lease that ran out mid-send would let another drain send it again.
    leaseMs: Math.max(deps.config.jobLeaseMs, 3 * deps.config.webhooks.timeoutMs),
  });
  deps.jobs.register(webhooks.drain);
  if (deps.database.kind === 'pglite') {
    deps.jobs.onStart(() => releaseOrphanDeliveries(deps.database.db));
  }
  const alertMail = savedSearchAlertMailJob({ mailer: deps.mailer, publicUrl: deps.publicUrl });
  deps.jobs.register(alertMail);
  const periodic = [
    savedSearchAlertsJob(alertMail, deps.config.savedSearchAlertsEveryMs, () => deps.jobs.wake()),
    jobsPruneJob(),
    candidateFilesSweepJob(fileStore),
    readPendingJob(fileStore),
    candidateDraftsPruneJob(fileStore),
    retentionJob(retentionMail),
    auditPruneJob(),
    webhooks.retries,
    webhookPruneJob(),
  ];
  // PostgreSQL's autovacuum does this on a server; the embedded engine has none (decision 264).
  if (deps.database.kind === 'pglite') periodic.push(pgliteMaintenanceJob());
  if (!deps.config.smtpUrl) {
    periodic.push(outboxPruneJob(`${deps.config.dataDir}/outbox`, deps.config.outboxKeepDays));
  }
  for (const prune of periodic) {
    deps.jobs.register(prune.job);
    deps.jobs.onStart(async () => void (await prune.first(deps.database.db)));
  }
  return { sendJob, interviewJobs };
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Work the app does after answering; `settled()` waits for it (tests, shutdown). */
    background: BackgroundTasks;
    /** The durable job queue; `start()` runs its worker in this process. */
    jobs: Jobs;
    /** From now on health answers 503 (shutting down) so a load balancer stops sending requests here. */
    startDraining(): void;
  }
}
