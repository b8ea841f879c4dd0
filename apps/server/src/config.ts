import path from 'node:path';
import { z } from 'zod';

/**
 * Runtime configuration (DESIGN section 4), read once from the environment and validated.
 * Nothing else in the server reads `process.env`.
 */
const flag = (def: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? def : ['1', 'true', 'yes', 'on'].includes(v)));

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine(
      (v) => protocols.some((p) => v.startsWith(`${p}:`)),
      `must start with ${protocols.join(': or ')}:`,
    );

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
  // Candidates' files in an S3-compatible bucket instead of on disk (decision 187): the bucket turns it on.
  VIVIER_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, . or -',
    )
    .optional(),
  VIVIER_S3_ENDPOINT: url(['http', 'https']).optional(),
  VIVIER_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,50}$/, 'must be a region name such as eu-west-3')
    .default('us-east-1'),
  VIVIER_S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off']).optional(),
  VIVIER_S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/,
      'must be folder names separated and ended by /, such as vivier/files/',
    )
    .refine((v) => !v.split('/').some((name) => /^\.+$/.test(name)), 'must not name . or .. as a folder')
    .optional(),
  VIVIER_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  VIVIER_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  VIVIER_OUTBOX_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
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
  VIVIER_SHUTDOWN_DRAIN: z.coerce.number().int().min(0).max(300).default(0),
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
  /** The apply form's guards (decision 191): per client address and 10 minutes, and the least fill time. */
  careersApply: { freePerWindow: number; maxPerWindow: number; minFillMs: number };
  /** Messages one user may send to candidates in an hour (issue 18). */
  emailSendLimitPerHour: number;
  /** Days the development outbox keeps its .eml files. */
  outboxKeepDays: number;
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
  /**
   * Seconds between SIGTERM and closing the listener, during which /api/health answers 503 and every other
   * request is served as usual: a load balancer's health check takes the instance out before it stops
   * listening (docs/deploy.md).
   */
  shutdownDrainSeconds: number;
};

export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Every key is written under it (`vivier/files/`), so the bucket may hold other things. */
  prefix: string;
  credentials: S3Credentials | undefined;
};

/**
 * The secret key is kept off the object's enumerable properties: a config logged or serialised by mistake
 * (`JSON.stringify`, pino, `util.inspect`) shows the key id, never the secret (decision 187).
 */
export class S3Credentials {
  readonly accessKeyId: string;
  readonly #secret: string;
  constructor(accessKeyId: string, secretAccessKey: string) {
    this.accessKeyId = accessKeyId;
    this.#secret = secretAccessKey;
  }
  get secretAccessKey() {
    return this.#secret;
  }
  toJSON() {
    return { accessKeyId: this.accessKeyId, secretAccessKey: '[redacted]' };
  }
}

export class ConfigError extends Error {}

type Env = z.infer<typeof ConfigSchema>;

/** The bucket's settings, or undefined (files on disk); the S3 variables without a bucket are a mistake. */
function s3Of(e: Env): S3Config | undefined {
  const keyId = e.VIVIER_S3_ACCESS_KEY_ID;
  const secret = e.VIVIER_S3_SECRET_ACCESS_KEY;
  const problems: string[] = [];
  if ((keyId === undefined) !== (secret === undefined)) {
    problems.push('  VIVIER_S3_ACCESS_KEY_ID: must be set with VIVIER_S3_SECRET_ACCESS_KEY, or neither');
  }
  const without = [
    'VIVIER_S3_ENDPOINT',
    'VIVIER_S3_PREFIX',
    'VIVIER_S3_FORCE_PATH_STYLE',
    'VIVIER_S3_ACCESS_KEY_ID',
  ];
  if (e.VIVIER_S3_BUCKET === undefined) {
    for (const name of without) {
      if (e[name as keyof Env] !== undefined) problems.push(`  ${name}: is set without VIVIER_S3_BUCKET`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  if (e.VIVIER_S3_BUCKET === undefined) return undefined;
  return {
    bucket: e.VIVIER_S3_BUCKET,
    endpoint: e.VIVIER_S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.VIVIER_S3_REGION,
    forcePathStyle: flag(false).parse(e.VIVIER_S3_FORCE_PATH_STYLE),
    prefix: e.VIVIER_S3_PREFIX ?? '',
    credentials: keyId && secret ? new S3Credentials(keyId, secret) : undefined,
  };
}

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
    careersApply: {
      freePerWindow: e.VIVIER_CAREERS_APPLY_FREE,
      maxPerWindow: Math.max(e.VIVIER_CAREERS_APPLY_MAX, e.VIVIER_CAREERS_APPLY_FREE),
      minFillMs: e.VIVIER_CAREERS_MIN_FILL_SECONDS * 1000,
    },
    emailSendLimitPerHour: e.EMAIL_SEND_LIMIT_PER_HOUR,
    outboxKeepDays: e.VIVIER_OUTBOX_KEEP_DAYS,
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
    shutdownDrainSeconds: e.VIVIER_SHUTDOWN_DRAIN,
  };
}
