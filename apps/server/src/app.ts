import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import qs from 'qs';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Deps } from './deps.ts';
import { authenticateScope, declareCaller } from './http/authenticate.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { logSafety } from './http/log-options.ts';
import { publicOrigin } from './http/public-url.ts';
import { openApiTransform } from './http/route.ts';
import { registerSpa } from './http/spa.ts';
import { type Jobs, jobRunner } from './jobs/job-runner.ts';
import { type BackgroundTasks, backgroundTasks } from './lib/background-tasks.ts';
import { createErrorReporter } from './lib/error-reporting.ts';
import { databaseRateLimitStore, redisRateLimitStore } from './lib/rate-limit.ts';
import { secretBox } from './lib/secret-box.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { outboxPruneJob } from './mail/outbox-prune.job.ts';
import { accessTokens, loadJwtSecret } from './modules/auth/access-token.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { candidateContactsRoutes } from './modules/candidates/candidate-contacts.routes.ts';
import { candidateCreateRoutes } from './modules/candidates/candidate-create.routes.ts';
import { candidateImportRoutes } from './modules/candidates/candidate-import.routes.ts';
import { candidateSearchRoutes } from './modules/candidates/candidate-search.routes.ts';
import { candidateTagsRoutes } from './modules/candidates/candidate-tags.routes.ts';
import { candidatesRoutes } from './modules/candidates/candidates.routes.ts';
import { cliBridgeRoutes } from './modules/cli-bridge/cli-bridge.routes.ts';
import { clientDataRoutes } from './modules/client-data/client-data.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { emailSendJob } from './modules/email-sending/email-send.job.ts';
import { emailSendingRoutes } from './modules/email-sending/email-sending.routes.ts';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { scheduleHousekeeping } from './modules/housekeeping/housekeeping.ts';
import { bulkCreateRoutes } from './modules/job-applications/bulk-create.routes.ts';
import { jobApplicationsRoutes } from './modules/job-applications/job-applications.routes.ts';
import { jobOfferCopyRoutes } from './modules/job-offer-copy/job-offer-copy.routes.ts';
import { jobOfferExportRoutes } from './modules/job-offer-export/job-offer-export.routes.ts';
import { jobOffersRoutes } from './modules/job-offers/job-offers.routes.ts';
import { licenceRoutes } from './modules/licence/licence.routes.ts';
import { registerMaintenanceGate } from './modules/maintenance/maintenance.hook.ts';
import { oauthRoutes, oauthTokenRoutes } from './modules/oauth/oauth.routes.ts';
import { openIdClients } from './modules/oauth/openid-clients.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { signatureRoutes } from './modules/signature/signature.routes.ts';
import { statusesRoutes } from './modules/statuses/statuses.routes.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { confirmationRoutes } from './modules/users/confirmation.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

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

/** Builds the whole app without listening, so tests drive it with `inject` (fastify/demo's split). */
export async function buildApp({ config, database, mailer, logger, logStream, cliSecret }: BuildOptions) {
  const app = Fastify({
    logger:
      logger ??
      (logStream
        ? { level: config.logLevel, stream: logStream, ...logSafety }
        : {
            level: config.logLevel,
            ...logSafety,
            // A person at a terminal reads lines; a log collector reads JSON.
            ...(process.stdout.isTTY
              ? {
                  transport: {
                    target: 'pino-pretty',
                    options: { ignore: 'pid,hostname,reqId', translateTime: 'SYS:HH:MM:ss' },
                  },
                }
              : {}),
          }),
    // Off unless VIVIER_TRUST_PROXY says a proxy is in front: then request.ip is the client behind it.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    // Fastify's own 503 while closing has a body outside the contract; stoppingGate() answers instead.
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

  const secret = await loadJwtSecret(database.db, config.jwtSecret);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const background = backgroundTasks(app.log);
  app.decorate('background', background);
  // A mail on its way is given a few seconds to leave before the process stops.
  app.addHook('onClose', () =>
    Promise.race([background.settled(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]),
  );
  const deps: Deps = {
    config,
    database,
    db: database.db,
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: `${config.dataDir}/outbox`,
        log: app.log,
      }),
    tokens: accessTokens(secret, config.accessTokenTtlSeconds),
    loginLimits: {
      maxPerAccount: config.loginMaxPerAccount,
      maxPerAddress: config.loginMaxPerAddress,
      store: redis
        ? redisRateLimitStore(redis, `${config.redisPrefix}rl:`)
        : databaseRateLimitStore(database.db),
    },
    oauth: openIdClients(config, app.log),
    tokenBox: secretBox(secret, 'oauth provider tokens'),
    choiceBox: secretBox(secret, 'organisation choice'),
    publicUrl: () => publicOrigin(config, app.server.address()),
    background,
    jobs: jobRunner(database, app.log),
    lifecycle: { draining: false },
  };
  // The queue's worker is started by server.ts (tests start it themselves); closing the app stops it, and a
  // job it interrupts is queued again as it was.
  app.decorate('jobs', deps.jobs);
  app.addHook('onClose', () => deps.jobs.stop());
  const sendJob = emailSendJob({ mailer: deps.mailer, mailFrom: config.mailFrom });
  deps.jobs.register(sendJob);
  if (!config.smtpUrl) {
    const prune = outboxPruneJob(`${config.dataDir}/outbox`, config.outboxKeepDays);
    deps.jobs.register(prune.job);
    deps.jobs.onStart(async () => void (await prune.first(database.db)));
  }
  app.decorate('startDraining', () => {
    deps.lifecycle.draining = true;
  });

  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // An overloaded instance says so at once (503 + Retry-After) rather than letting requests time out, so a
  // load balancer or the client retries elsewhere or later (issue 14 §8).
  // The delay is the mean over one-second windows (the plugin's default): in shorter ones a busy but healthy
  // loop leaves windows without a single histogram sample, which the plugin reads as an infinite delay, and
  // 100 ms windows shed load at 30 clients (security/graceful-stop.test.ts found it).
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    sampleInterval: 1000,
    retryAfter: 5,
    // Only the API is shed, decided by the matched route: the page and its scripts are files read from disk,
    // and a screen whose lazy chunk was refused shows an error where its calls would simply have been retried.
    pressureHandler: (request, reply) => {
      if (!request.routeOptions.url?.startsWith('/api/')) return;
      void reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'overloaded', message: 'The server is busy, please try again shortly' });
    },
  });
  stoppingGate(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vivier API',
        version: '3.4.2',
        description: 'Recruiting and applicant tracking. All paths under /api.',
      },
      // Each route of the authenticated scope says it needs the bearer token (http/authenticate.ts); the
      // others (sign-in, refresh, recovery, health) need none.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { deepLinking: false },
  });

  scheduleHousekeeping(app, database.db);

  const reporter = await createErrorReporter(config.sentryDsn, 'vivier@3.4.2');
  app.addHook('onClose', () => reporter.flush());
  registerErrorHandler(app, reporter);
  declareCaller(app);

  // Where a route is registered decides what guards it (never how its URL is spelled):
  //   /api                     health: answers during maintenance, no token
  //   └─ gated                 the maintenance gate (503 while a window is on)
  //      ├─ public routes      sign-in (password, Google, Microsoft), refresh, password recovery, OpenAPI
  //      └─ authenticated      everything else: a valid access token, `callerOf(request)` in handlers
  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(async (gated) => {
        registerMaintenanceGate(app, gated, deps.db);
        gated.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        await gated.register(authRoutes(deps));
        await gated.register(passwordRoutes(deps));
        await gated.register(confirmationRoutes(deps));
        await gated.register(oauthRoutes(deps));
        await gated.register(async (authenticated) => {
          authenticateScope(authenticated, deps.tokens, deps.db);
          await authenticated.register(usersRoutes(deps));
          await authenticated.register(clientDataRoutes(deps));
          await authenticated.register(licenceRoutes(deps));
          await authenticated.register(settingsRoutes(deps));
          await authenticated.register(jobOffersRoutes(deps));
          await authenticated.register(jobOfferCopyRoutes(deps));
          await authenticated.register(jobOfferExportRoutes(deps));
          await authenticated.register(companiesRoutes(deps));
          await authenticated.register(tagsRoutes(deps));
          await authenticated.register(statusesRoutes(deps));
          await authenticated.register(oauthTokenRoutes(deps));
          await authenticated.register(candidateSearchRoutes(deps));
          await authenticated.register(candidateCreateRoutes(deps));
          await authenticated.register(candidateImportRoutes(deps));
          await authenticated.register(bulkCreateRoutes(deps));
          await authenticated.register(jobApplicationsRoutes(deps));
          await authenticated.register(candidatesRoutes(deps));
          await authenticated.register(candidateContactsRoutes(deps));
          await authenticated.register(candidateTagsRoutes(deps));
          await authenticated.register(emailTemplatesRoutes(deps));
          await authenticated.register(emailSendingRoutes(deps, sendJob));
          await authenticated.register(signatureRoutes(deps));
        });
      });
    },
    { prefix: '/api' },
  );
  if (cliSecret) await app.register(cliBridgeRoutes(deps, cliSecret));
  await registerSpa(app, config.webDist);
  return app;
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

/**
 * While the server stops (SIGTERM, server.ts) its listener is closed, so a new connection is refused and a load
 * balancer retries it on another instance, whatever the method: nothing was sent. A request that still arrives
 * on a connection already open is not run: it is answered 503 with Retry-After and `Connection: close`, the
 * contract's `overloaded` body, so the client or the balancer tries again elsewhere (issue 14 §7). The requests
 * already running finish.
 */
function stoppingGate(app: FastifyInstance) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!stopping) return;
    return reply
      .code(503)
      .header('retry-after', '5')
      .header('connection', 'close')
      .send({ error: 'overloaded', message: 'The server is stopping, please try again shortly' });
  });
}
