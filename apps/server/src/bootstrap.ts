import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { licences } from './db/schema/index.ts';
import { isCommonPassword } from './lib/common-passwords.ts';
import { seedDemo } from './modules/demo/seed.ts';
import { createLicence } from './modules/licence/provision.ts';

type Log = { info(msg: string): void; warn(msg: string): void };

/** The advisory lock of the first start (any constant no other lock uses). */
const FIRST_START = 7_266_423;

/**
 * First start on an empty database: one licence and its admin (from VIVIER_ADMIN_EMAIL / _PASSWORD, or a
 * generated password printed once), plus the demo organisation when VIVIER_DEMO says so. A common
 * VIVIER_ADMIN_PASSWORD stops the start, with nothing created: the first admin is the one account every
 * attacker guesses first.
 *
 * One transaction under an advisory lock: instances started together on an empty database take turns, the
 * first creates the licence and the others find it there (without the lock both counted no licence and the
 * second failed on the admin's email). All or nothing: a failed start leaves the database empty.
 */
export async function bootstrapEmptyDatabase(db: Db, config: Config, log: Log) {
  const email = config.adminEmail ?? 'admin@vivier.local';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START})`);
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(licences);
    if ((row?.n ?? 0) > 0) return undefined;
    // Refused only when it is used: a later start with the same setting on a filled database still works.
    if (config.adminPassword && isCommonPassword(config.adminPassword)) {
      throw new Error('VIVIER_ADMIN_PASSWORD is a common password: choose another one (or leave it unset)');
    }
    const created = await createLicence(tx, {
      name: 'My organisation',
      creditsMax: 1000,
      planType: 'recurrent',
      renewPeriod: 'monthly',
      admin: { email, password, firstName: 'Admin', lastName: '' },
    });
    const seeded = config.demo ? await seedDemo(tx, created.licence.id) : undefined;
    return { created, seeded };
  });
  if (!outcome) return undefined;
  if (config.adminPassword) {
    log.info(`First start: created the licence and its admin ${email}`);
  } else {
    // Printed once, on purpose: nobody else knows it and it is stored only as a hash.
    log.warn(
      `First start: created the admin ${email} with the password ${password} (shown once; change it after signing in)`,
    );
  }
  if (outcome.seeded) {
    log.info(
      `Demo organisation: ${outcome.seeded.jobOffers} job offers, ${outcome.seeded.candidates} candidates, ${outcome.seeded.applications} applications`,
    );
  }
  return outcome.created;
}
