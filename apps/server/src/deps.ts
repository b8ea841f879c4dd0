import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { Jobs } from './jobs/job-runner.ts';
import type { BackgroundTasks } from './lib/background-tasks.ts';
import type { SecretBox } from './lib/secret-box.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AccessTokens } from './modules/auth/access-token.ts';
import type { LoginLimits } from './modules/auth/login.ts';
import type { OpenIdClients } from './modules/oauth/openid-clients.ts';

/** What route modules receive: built once in `app.ts`, passed explicitly (no service locator). */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  loginLimits: LoginLimits;
  /** Google and Microsoft, discovered once on first use (modules/oauth). */
  oauth: OpenIdClients;
  /** Seals provider tokens at rest, with a key derived from the JWT secret (decision 100). */
  tokenBox: SecretBox;
  /** Seals the ticket of an organisation choice at sign-in (modules/auth/organisation-choice.ts). */
  choiceBox: SecretBox;
  /** Where people reach Vivier, for links in mail (http/public-url.ts). */
  publicUrl(): string;
  /** Work done after answering (mail). */
  background: BackgroundTasks;
  /** The durable job queue (jobs/, decision 131): modules register their kinds, server.ts starts the worker. */
  jobs: Jobs;
  /** Set once the process was told to stop: health then answers 503 while requests are still served. */
  lifecycle: { draining: boolean };
};
