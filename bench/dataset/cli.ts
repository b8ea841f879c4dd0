/**
 * `npm run dataset`: fills a licence with a generated dataset, on the database the server would open
 * (DATABASE_URL, else the embedded one in VIVIER_DATA_DIR, which no running server may hold).
 *
 *   npm run dataset -- --licence ID [--profile demo|peer-150k] [--candidates N] [--job-offers N]
 *                      [--applications N] [--tags N] [--events N] [--cvs N] [--audit N] [--seed N]
 *
 * The server's own `npm run cli -- seed` adds only the small demo organisation (decision 168).
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import {
  type Database,
  loadConfig,
  lockHolder,
  openDatabase,
  schema,
} from '../../apps/server/src/bench-entry.ts';
import { generateDataset } from './generator.ts';
import { FlagError, givenSizes, sizeFlagOptions } from './sizes.ts';

export const USAGE = `Usage: npm run dataset -- --licence ID [--profile demo|peer-150k] [--candidates N] [--job-offers N]
                          [--applications N] [--tags N] [--events N] [--cvs N] [--audit N] [--seed N]`;

/** Fills the licence the arguments name; answers the line to print, or throws a FlagError for a bad argument. */
export async function runDataset(argv: string[], database: Database) {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: { licence: { type: 'string' }, ...sizeFlagOptions },
      strict: true,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new FlagError((error as Error).message);
  }
  const licenceId = Number(values.licence);
  if (!values.licence || !Number.isInteger(licenceId) || licenceId < 1)
    throw new FlagError('--licence is the id of a licence');
  const sizes = givenSizes(values);
  const [licence] = await database.db
    .select({ id: schema.licences.id })
    .from(schema.licences)
    .where(eq(schema.licences.id, licenceId));
  if (!licence) throw new FlagError(`--licence: no licence ${licenceId}`);
  const started = performance.now();
  // A server runs batches on two connections; the embedded database has one.
  const r = await generateDataset(database.db, licenceId, {
    ...sizes,
    parallel: database.kind === 'postgres' ? 2 : 1,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Generated in licence ${licenceId}: ${r.jobOffers} job offers, ${r.candidates} candidates, ${r.applications} applications, ${r.tags} tags, ${r.events} events, ${r.cvs} CVs${r.audit ? `, ${r.audit} audit entries` : ''} in ${seconds} s`;
}

if (import.meta.main) {
  const config = loadConfig();
  if (!config.databaseUrl && (await lockHolder(config.dataDir)) !== undefined) {
    process.stderr.write(`A server holds ${config.dataDir}: stop it first (the generator writes in bulk).\n`);
    process.exit(1);
  }
  const database = await openDatabase(config);
  try {
    console.log(await runDataset(process.argv.slice(2), database));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${error instanceof FlagError ? `\n${USAGE}\n` : ''}`);
    process.exitCode = error instanceof FlagError ? 2 : 1;
  } finally {
    await database.close();
  }
}
