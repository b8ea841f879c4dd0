import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import qs from 'qs';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Deps } from './deps.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSpa } from './http/spa.ts';
import { createErrorReporter } from './lib/error-reporting.ts';
import { databaseRateLimitStore, redisRateLimitStore } from './lib/rate-limit.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accessTokens, loadJwtSecret } from './modules/auth/access-token.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cliBridgeRoutes } from './modules/cli-bridge/cli-bridge.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobOffersRoutes } from './modules/job-offers/job-offers.routes.ts';
import { licenceRoutes } from './modules/licence/licence.routes.ts';
import { registerMaintenanceGate } from './modules/maintenance/maintenance.hook.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { statusesRoutes } from './modules/statuses/statuses.routes.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import './http/caller.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The secret the operator CLI presents to hand a command to this server (cli/handoff.ts). */
  cliSecret?: string;
};

/** Builds the whole app without listening, so tests drive it with `inject` (fastify/demo's split). */
export async function buildApp({ config, database, mailer, logger, cliSecret }: BuildOptions) {
  const app = Fastify({
    // A person at a terminal reads lines; a log collector reads JSON.
    logger: logger ?? {
      level: config.logLevel,
      ...(process.stdout.isTTY
        ? {
            transport: {
              target: 'pino-pretty',
              options: { ignore: 'pid,hostname,reqId', translateTime: 'SYS:HH:MM:ss' },
            },
          }
        : {}),
    },
    bodyLimit: 1024 * 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    routerOptions: {
      ignoreTrailingSlash: true,
      // Brackets on the wire: filters[search]=x and ids[]=1 (DESIGN section 5).
      querystringParser: (s: string) => qs.parse(s, { arrayLimit: 1000, parameterLimit: 2000, depth: 3 }),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = await loadJwtSecret(database.db, config.jwtSecret);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
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
      store: redis ? redisRateLimitStore(redis) : databaseRateLimitStore(database.db),
    },
  };

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
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vivier API',
        version: '3.4.2',
        description: 'Recruiting and applicant tracking. All paths under /api.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { deepLinking: false },
  });

  const reporter = await createErrorReporter(config.sentryDsn, 'vivier@3.4.2');
  app.addHook('onClose', () => reporter.flush());
  registerErrorHandler(app, reporter);
  registerMaintenanceGate(app, deps.db);
  registerAuthentication(app, deps.tokens);

  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(healthRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(usersRoutes(deps));
      await api.register(passwordRoutes(deps));
      await api.register(licenceRoutes(deps));
      await api.register(settingsRoutes(deps));
      await api.register(jobOffersRoutes(deps));
      await api.register(companiesRoutes(deps));
      await api.register(tagsRoutes(deps));
      await api.register(statusesRoutes(deps));
    },
    { prefix: '/api' },
  );
  if (cliSecret) await app.register(cliBridgeRoutes(deps, cliSecret));
  await registerSpa(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
