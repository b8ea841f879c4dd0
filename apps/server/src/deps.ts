import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import { publicOrigin } from './http/public-url.ts';
import { type Jobs, jobRunner } from './jobs/job-runner.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { LoginLimits } from './lib/login-limits.ts';
import { type OutgoingClient, outgoingClient } from './lib/outgoing-http.ts';
import {
  databaseRateLimitStore,
  memoryRateLimitStore,
  type RateLimitStore,
  redisRateLimitStore,
} from './lib/rate-limit.ts';
import { type SecretBox, secretBox } from './lib/secret-box.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { type AccessTokens, accessTokens, loadJwtSecret } from './modules/auth/access-token.ts';
import { type AnswerTokens, answerTokens } from './modules/interviews/answer-token.ts';
import { type OpenIdClients, openIdClients } from './modules/oauth/openid-clients.ts';
import { allowedAddresses, WEBHOOK_EXCERPT_BYTES } from './modules/webhooks/webhook-url.ts';

/** What route modules receive: built once in `app.ts`, passed explicitly (no service locator). */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  loginLimits: LoginLimits;
  /**
   * Where page-view limits count (the careers site, decision 190): Redis when `REDIS_URL` is set, so instances
   * share them, else this process's memory, never a database write per page.
   */
  pageLimits: RateLimitStore;
  /** Google and Microsoft, discovered once on first use (modules/oauth). */
  oauth: OpenIdClients;
  /** Seals provider tokens at rest, with a key derived from the JWT secret (decision 100). */
  tokenBox: SecretBox;
  /** Seals the ticket of an organisation choice at sign-in (modules/auth/organisation-choice.ts). */
  choiceBox: SecretBox;
  /** Seals webhook endpoints' signing secrets at rest (decision 199). */
  webhookBox: SecretBox;
  /** Webhooks' deliveries: the one way out to a URL an admin typed (lib/outgoing-http.ts, decision 197). */
  webhookClient: OutgoingClient;
  /** Signs and checks the candidate's interview answer links (issue 27, decision 202). */
  interviewAnswers: AnswerTokens;
  /** Where people reach Vivier, for links in mail (http/public-url.ts). */
  publicUrl(): string;
  /** Work done after answering (mail). */
  background: BackgroundTasks;
  /** The durable job queue (jobs/, decision 131): modules register their kinds, server.ts starts the worker. */
  jobs: Jobs;
  /** Set once the process was told to stop: health then answers 503 while requests are still served. */
  lifecycle: { draining: boolean };
};

/**
 * Builds the dependencies once: the JWT secret (from the database unless configured), Redis for the login
 * limits when `REDIS_URL` is set (closed with the app), the mailer unless one is given (tests pass a sink).
 */
export async function createDeps(
  app: FastifyInstance,
  {
    config,
    database,
    mailer,
    background,
  }: { config: Config; database: Database; mailer?: Mailer; background: BackgroundTasks },
): Promise<Deps> {
  const secret = await loadJwtSecret(database.db, config.jwtSecret);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  return {
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
    pageLimits: redis ? redisRateLimitStore(redis, `${config.redisPrefix}pl:`) : memoryRateLimitStore(),
    oauth: openIdClients(config, app.log),
    tokenBox: secretBox(secret, 'oauth provider tokens'),
    choiceBox: secretBox(secret, 'organisation choice'),
    webhookBox: secretBox(secret, 'webhook secrets'),
    webhookClient: outgoingClient({
      allowAddresses: allowedAddresses(config.webhooks.allowHosts),
      timeoutMs: config.webhooks.timeoutMs,
      maxResponseBytes: WEBHOOK_EXCERPT_BYTES,
    }),
    interviewAnswers: answerTokens(secret),
    publicUrl: () => publicOrigin(config, app.server.address()),
    background,
    jobs: jobRunner(database, app.log),
    lifecycle: { draining: false },
  };
}
