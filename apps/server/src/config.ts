import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type S3Config, s3Of, s3Variables } from './config/s3.ts';
import { ConfigError, flag, url } from './config/values.ts';

export type { S3Config } from './config/s3.ts';
export { ConfigError } from './config/values.ts';

/*
 * Runtime configuration (DESIGN section 4), read once from the environment and validated.
 * Nothing else in the server reads `process.env`. The files' bucket has its variables in config/s3.ts; the
 * value shapes every area uses (yes/no, a URL of given schemes) are in config/values.ts.
 */

/** A loopback host: the only place a plain-http identity provider is accepted (a local test provider). */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** An OpenID issuer override: https, or http on loopback for a local test provider (DESIGN section 4). */
const issuerUrl = url(['http', 'https']).refine((v) => {
  const parsed = new URL(v);
  return parsed.protocol === 'https:' || isLoopback(parsed.hostname);
}, 'must use https (http only on a loopback address, for a local test provider)');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  VIVIER_DATA_DIR: z.string().min(1).default('./data'),
  VIVIER_PUBLIC_URL: url(['http', 'https']).optional(),
  VIVIER_ADMIN_EMAIL: z.string().email().optional(),
  VIVIER_ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(128, 'must be at most 128 characters')
    .optional(),
  VIVIER_DEMO: z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off']).optional(),
  VIVIER_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  VIVIER_ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(900),
  // How long a just-rotated refresh token still answers its successor (docs/decisions/137-refresh-reuse-interval.md).
  VIVIER_REFRESH_REUSE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  VIVIER_JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  VIVIER_LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  VIVIER_LOGIN_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  // Calls one API token may make a minute (issue 25, decision 198), answered in RateLimit-* headers.
  VIVIER_API_TOKEN_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Webhooks (issue 25, decision 199): hosts a delivery may reach although loopback or private, and over plain
  // http: for a receiver on this machine in tests, never in production. IP addresses or localhost, commas between.
  VIVIER_WEBHOOK_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean)
        : [],
    )
    .pipe(
      z.array(
        z.union([z.ipv4(), z.ipv6(), z.literal('localhost')], {
          error: 'must list IP addresses or localhost, separated by commas',
        }),
      ),
    ),
  // How long one delivery attempt may take, from connecting to the last byte read.
  VIVIER_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Page views of the public careers site per client address and minute (issue 23, decision 190).
  VIVIER_CAREERS_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // The apply form (decision 191): applications a client address sends per 10 minutes before it must solve a
  // proof of work, and before it is refused; the least time a person takes to fill the form.
  VIVIER_CAREERS_APPLY_FREE: z.coerce.number().int().min(0).default(5),
  VIVIER_CAREERS_APPLY_MAX: z.coerce.number().int().min(1).default(30),
  VIVIER_CAREERS_MIN_FILL_SECONDS: z.coerce.number().min(0).max(600).default(3),
  EMAIL_SEND_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(500),
  // The largest file attached to a candidate (issue 22, decision 184): 10 MB unless set.
  VIVIER_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024 * 1024),
  ...s3Variables,
  VIVIER_OUTBOX_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  // How often saved searches' alerts look for new matches (issue 28, decision 209): "instantly" is this.
  VIVIER_SAVED_SEARCH_ALERTS_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Minutes before an interview its reminders leave (issue 27): a comma-separated list, '' for none.
  VIVIER_INTERVIEW_REMINDERS: z
    .string()
    .default('1440,60')
    .transform((v) =>
      v
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().min(1).max(43_200)).max(5)),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Vivier <no-reply@vivier.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, 'must be a tenant id, a domain, common, organizations or consumers')
    .default('common'),
  OAUTH_GOOGLE_ISSUER: issuerUrl.optional(),
  OAUTH_MICROSOFT_ISSUER: issuerUrl.optional(),
  GMAIL_API_URL: url(['http', 'https']).default('https://gmail.googleapis.com'),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  VIVIER_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'must be 1 to 100 letters, digits or : _ . -')
    .default('vivier:'),
  VIVIER_TRUST_PROXY: z
    .string()
    .regex(
      /^(0|1|true|false|yes|no|on|off|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be off, on, a number of proxies, or a comma-separated list of proxy addresses (CIDR allowed)',
    )
    .optional(),
  SENTRY_DSN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VIVIER_WEB_DIST: z.string().optional(),
  VIVIER_MAX_EVENT_LOOP_DELAY: z.coerce.number().int().min(0).default(1000),
  // API requests one process runs at once (issue 29, decision 211): as many as the database pool's connections,
  // so the next requests wait in line here, where the wait is bounded, rather than for a connection; more only
  // share the same two cores slower (measured: 16 and 256 let a served search take 2.2 and 3.6 s). 0: no gate.
  VIVIER_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).max(10_000).default(10),
  // How long a request may wait in that line before it is answered 503 with Retry-After; 0 refuses at once.
  VIVIER_MAX_REQUEST_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  VIVIER_SHUTDOWN_DRAIN: z.coerce.number().int().min(0).max(300).default(0),
  // Server processes sharing the port (issue 29, decision 205); the embedded database admits one.
  VIVIER_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The largest file a candidate's file upload takes (decision 184). */
  maxFileBytes: number;
  /**
   * Where candidates' files are kept when not on disk (decision 187): an S3-compatible bucket. Without
   * `credentials` the AWS SDK's own chain is used (AWS_ACCESS_KEY_ID…, a profile, an instance role).
   */
  s3: S3Config | undefined;
  publicUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** How long a just-rotated refresh token still answers its successor (0: never). */
  refreshReuseMs: number;
  /** How long a running job is held by its worker without a heartbeat before another worker may take it. */
  jobLeaseMs: number;
  loginMaxPerAccount: number;
  loginMaxPerAddress: number;
  /** Careers pages a client address may view per minute (decision 190). */
  careersMaxPerMinute: number;
  /** Calls one API token may make per minute (decision 198). */
  apiTokenMaxPerMinute: number;
  /** Webhooks' deliveries (decision 199): hosts allowed although private (tests), and one attempt's deadline. */
  webhooks: { allowHosts: string[]; timeoutMs: number };
  /** The apply form's guards (decision 191): per client address and 10 minutes, and the least fill time. */
  careersApply: { freePerWindow: number; maxPerWindow: number; minFillMs: number };
  /** Messages one user may send to candidates in an hour (issue 18). */
  emailSendLimitPerHour: number;
  /** Days the development outbox keeps its .eml files. */
  outboxKeepDays: number;
  /** How often saved searches' alerts run (decision 209). */
  savedSearchAlertsEveryMs: number;
  /** Minutes before an interview each of its reminders leaves (issue 27). */
  interviewReminders: number[];
  smtpUrl: string | undefined;
  mailFrom: string;
  oauth: {
    google: { clientId?: string; clientSecret?: string; issuer: string };
    /** `tenant` is a tenant id or domain (one organisation), or common, organizations or consumers. */
    microsoft: { clientId?: string; clientSecret?: string; issuer: string; tenant: string };
  };
  /** Where the Gmail API lives: the signature is read there (tests point it at a local fake). */
  gmailApiUrl: string;
  redisUrl: string | undefined;
  /** Starts every key Vivier writes in Redis, so several installations can share one Redis. */
  redisPrefix: string;
  /**
   * Fastify's `trustProxy`: false (the default: the client is the TCP peer), a number of proxies in front
   * (`on` is one), or the proxies' addresses. Only then does `request.ip` come from X-Forwarded-For.
   */
  trustProxy: false | number | string[];
  sentryDsn: string | undefined;
  logLevel: string;
  webDist: string;
  /** Above this event-loop delay (ms) the server sheds load with 503 + Retry-After; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** API requests one process runs at once; past it a 503 (0: no limit). */
  maxConcurrentRequests: number;
  maxRequestWaitMs: number;
  /**
   * Seconds between SIGTERM and closing the listener, during which /api/health answers 503 and every other
   * request is served as usual: a load balancer's health check takes the instance out before it stops
   * listening (docs/deploy.md).
   */
  shutdownDrainSeconds: number;
  /** Server processes sharing the port (VIVIER_WORKERS; decision 205). */
  workers: number;
};

type Env = z.infer<typeof ConfigSchema>;

/**
 * `on` trusts exactly one proxy (the load balancer in front), never every hop: with "trust all" a client
 * could name any address it likes in X-Forwarded-For and step around the per-address limits.
 */
function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || ['0', 'false', 'no', 'off'].includes(value)) return false;
  if (['1', 'true', 'yes', 'on'].includes(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

/** Parses an environment; throws a ConfigError naming each bad variable and what is wrong with it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const demoDefault = e.DATABASE_URL === undefined;
  const microsoftTenant = e.MICROSOFT_TENANT;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.VIVIER_DATA_DIR),
    maxFileBytes: e.VIVIER_MAX_FILE_BYTES,
    s3: s3Of(e),
    publicUrl: e.VIVIER_PUBLIC_URL?.replace(/\/+$/, ''),
    adminEmail: e.VIVIER_ADMIN_EMAIL,
    adminPassword: e.VIVIER_ADMIN_PASSWORD,
    demo: flag(demoDefault).parse(e.VIVIER_DEMO),
    jwtSecret: e.VIVIER_JWT_SECRET,
    accessTokenTtlSeconds: e.VIVIER_ACCESS_TOKEN_TTL,
    refreshReuseMs: e.VIVIER_REFRESH_REUSE_SECONDS * 1000,
    jobLeaseMs: e.VIVIER_JOB_LEASE_SECONDS * 1000,
    loginMaxPerAccount: e.VIVIER_LOGIN_MAX_PER_ACCOUNT,
    loginMaxPerAddress: e.VIVIER_LOGIN_MAX_PER_ADDRESS,
    careersMaxPerMinute: e.VIVIER_CAREERS_MAX_PER_MINUTE,
    apiTokenMaxPerMinute: e.VIVIER_API_TOKEN_MAX_PER_MINUTE,
    webhooks: { allowHosts: e.VIVIER_WEBHOOK_ALLOW_HOSTS, timeoutMs: e.VIVIER_WEBHOOK_TIMEOUT_MS },
    careersApply: {
      freePerWindow: e.VIVIER_CAREERS_APPLY_FREE,
      maxPerWindow: Math.max(e.VIVIER_CAREERS_APPLY_MAX, e.VIVIER_CAREERS_APPLY_FREE),
      minFillMs: e.VIVIER_CAREERS_MIN_FILL_SECONDS * 1000,
    },
    emailSendLimitPerHour: e.EMAIL_SEND_LIMIT_PER_HOUR,
    outboxKeepDays: e.VIVIER_OUTBOX_KEEP_DAYS,
    savedSearchAlertsEveryMs: e.VIVIER_SAVED_SEARCH_ALERTS_SECONDS * 1000,
    interviewReminders: e.VIVIER_INTERVIEW_REMINDERS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oauth: {
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        issuer: e.OAUTH_GOOGLE_ISSUER ?? 'https://accounts.google.com',
      },
      microsoft: {
        clientId: e.MICROSOFT_CLIENT_ID,
        clientSecret: e.MICROSOFT_CLIENT_SECRET,
        issuer: e.OAUTH_MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${microsoftTenant}/v2.0`,
        tenant: microsoftTenant,
      },
    },
    gmailApiUrl: e.GMAIL_API_URL.replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.VIVIER_REDIS_PREFIX,
    trustProxy: trustProxyOf(e.VIVIER_TRUST_PROXY),
    sentryDsn: e.SENTRY_DSN,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.VIVIER_WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    maxEventLoopDelayMs: e.VIVIER_MAX_EVENT_LOOP_DELAY,
    maxConcurrentRequests: e.VIVIER_MAX_CONCURRENT_REQUESTS,
    maxRequestWaitMs: e.VIVIER_MAX_REQUEST_WAIT_MS,
    shutdownDrainSeconds: e.VIVIER_SHUTDOWN_DRAIN,
    workers: workersOf(e),
  };
}

/**
 * How many server processes share the port: as many as the machine has cores on a PostgreSQL server, where
 * one Node process saturates a core while the database has the others (issue 29); one on the embedded
 * database, which a single process holds (its data directory is locked).
 */
function workersOf(e: Env): number {
  if (e.DATABASE_URL !== undefined) return e.VIVIER_WORKERS ?? os.availableParallelism();
  if (e.VIVIER_WORKERS !== undefined && e.VIVIER_WORKERS > 1) {
    throw new ConfigError(
      'Invalid configuration:\n  VIVIER_WORKERS: the embedded database admits one process; set DATABASE_URL to run several',
    );
  }
  return 1;
}
