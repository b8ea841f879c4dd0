import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AccessTokens } from './modules/auth/access-token.ts';
import type { LoginLimits } from './modules/auth/login.ts';

/** What route modules receive: built once in `app.ts`, passed explicitly (no service locator). */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  loginLimits: LoginLimits;
};
