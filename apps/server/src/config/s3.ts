import { z } from 'zod';
import { ConfigError, flag, url } from './values.ts';

/** The variables of candidates' files in an S3-compatible bucket instead of on disk (decision 187). */
export const s3Variables = {
  // The bucket turns it on.
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
};

type S3Env = z.infer<z.ZodObject<typeof s3Variables>>;

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

/** The bucket's settings, or undefined (files on disk); the S3 variables without a bucket are a mistake. */
export function s3Of(e: S3Env): S3Config | undefined {
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
      if (e[name as keyof S3Env] !== undefined) problems.push(`  ${name}: is set without VIVIER_S3_BUCKET`);
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
