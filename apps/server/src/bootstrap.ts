import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { licences } from './db/schema/index.ts';
import { seedDemo } from './modules/demo/seed.ts';
import { createLicence } from './modules/licence/provision.ts';

type Log = { info(msg: string): void; warn(msg: string): void };

/**
 * First start on an empty database: one licence and its admin (from VIVIER_ADMIN_EMAIL / _PASSWORD, or a
 * generated password printed once), plus the demo organisation when VIVIER_DEMO says so.
 */
export async function bootstrapEmptyDatabase(db: Db, config: Config, log: Log) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(licences);
  if ((row?.n ?? 0) > 0) return undefined;
  const email = config.adminEmail ?? 'admin@vivier.local';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const created = await createLicence(db, {
    name: 'My organisation',
    creditsMax: 1000,
    planType: 'recurrent',
    renewPeriod: 'monthly',
    admin: { email, password, firstName: 'Admin', lastName: '' },
  });
  if (config.adminPassword) {
    log.info(`First start: created the licence and its admin ${email}`);
  } else {
    // Printed once, on purpose: nobody else knows it and it is stored only as a hash.
    log.warn(
      `First start: created the admin ${email} with the password ${password} (shown once; change it after signing in)`,
    );
  }
  if (config.demo) {
    const seeded = await seedDemo(db, created.licence.id);
    log.info(
      `Demo organisation: ${seeded.jobOffers} job offers, ${seeded.candidates} candidates, ${seeded.applications} applications`,
    );
  }
  return created;
}
