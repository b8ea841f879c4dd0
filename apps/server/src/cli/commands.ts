import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PlanType, RenewPeriod } from '@vivier/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { licences } from '../db/schema/index.ts';
import { chainLicences, verifyChain } from '../modules/audit/audit-verify.ts';
import { DEMO_MAX_CANDIDATES, DEMO_SIZE, seedDemo } from '../modules/demo/seed.ts';
import { createLicence, createUser } from '../modules/licence/provision.ts';
import { clearMaintenance, setMaintenance } from '../modules/maintenance/maintenance.service.ts';
import { retentionMailJob } from '../modules/retention/retention.job.ts';
import { runRetention } from '../modules/retention/retention.service.ts';

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  licence:create --name NAME --credits N --plan recurrent|on_demand|demo [--period weekly|monthly|quaterly|yearly]
                 --admin-email EMAIL --admin-password PASSWORD
  user:create    --licence ID --email EMAIL --password PASSWORD [--role user|admin] [--first-name F] [--last-name L]
  maintenance:set --at ISO8601 --duration MINUTES
  maintenance:clear
  seed           --licence ID [--candidates N]       add the demo organisation to a licence (60 candidates, or
                                                     N up to 10000; larger datasets: npm run dataset)
  backup         --out FILE                          embedded database only: write a tarball of the data directory
  licence:api-url --licence ID --url URL             where the licence's recruiting data is served (its api_url):
                                                     an https URL, or a path on this server (/api: the default)
  retention:run                                      run today's retention now (notices and erasures; the
                                                     daily job does the same, decision 195)
  audit verify   [--licence ID]                      check the audit log's hash chain of every licence (or one):
                                                     OK with counts, or the first broken link and exit code 1
`;

export type CommandResult = { code: number; output: string };

/** A failure the operator caused: printed with the usage, exit code 2. */
class UsageError extends Error {}

const Email = z.string().email();
const Password = z.string().min(8, 'must be at least 8 characters');

function need<T>(schema: z.ZodType<T>, value: unknown, option: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new UsageError(
      `--${option}: ${value === undefined ? 'is required' : parsed.error.issues[0]?.message}`,
    );
  return parsed.data;
}

const intOption = (min: number) => z.coerce.number().int().min(min);

/**
 * A licence's `api_url` (DESIGN section 1): where the web client calls for its recruiting data. An https URL
 * (http for a local address), or a path on this server; no query, fragment or credentials.
 */
const DEFAULT_API_URL = '/api';

const ApiUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    if (/^\/[\w./-]*$/.test(value)) return true;
    try {
      const url = new URL(value);
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      return (
        (url.protocol === 'https:' || (url.protocol === 'http:' && local)) &&
        !url.search &&
        !url.hash &&
        !url.username &&
        !url.password
      );
    } catch {
      return false;
    }
  }, 'must be an https URL or a path such as /api')
  .transform((value) => value.replace(/\/+$/, '') || '/');

type Handler = (args: string[], database: Database) => Promise<string>;

const options = (args: string[], spec: Record<string, { type: 'string' }>) =>
  parseArgs({ args, options: spec, strict: true, allowPositionals: false }).values as Record<
    string,
    string | undefined
  >;

const s = { type: 'string' } as const;

const commands: Record<string, Handler> = {
  'licence:create': async (args, { db }) => {
    const o = options(args, {
      name: s,
      credits: s,
      plan: s,
      period: s,
      'admin-email': s,
      'admin-password': s,
    });
    const { licence, admin } = await createLicence(db, {
      name: need(z.string().trim().min(1), o.name, 'name'),
      creditsMax: need(intOption(0), o.credits, 'credits'),
      planType: need(PlanType, o.plan, 'plan'),
      renewPeriod: o.period === undefined ? null : need(RenewPeriod, o.period, 'period'),
      admin: {
        email: need(Email, o['admin-email'], 'admin-email'),
        password: need(Password, o['admin-password'], 'admin-password'),
      },
    });
    return `Created licence ${licence.id} "${licence.name}" (${licence.planType}${licence.renewPeriod ? `, ${licence.renewPeriod}` : ''}, ${licence.creditsMax} credits) with admin ${admin.email} (user ${admin.id})`;
  },
  'user:create': async (args, { db }) => {
    const o = options(args, { licence: s, email: s, password: s, role: s, 'first-name': s, 'last-name': s });
    const licenceId = need(intOption(1), o.licence, 'licence');
    const [licence] = await db.select().from(licences).where(eq(licences.id, licenceId));
    if (!licence) throw new UsageError(`--licence: no licence ${licenceId}`);
    const user = await createUser(db, licenceId, {
      email: need(Email, o.email, 'email'),
      password: need(Password, o.password, 'password'),
      role: o.role === undefined ? 'user' : need(z.enum(['user', 'admin']), o.role, 'role'),
      firstName: o['first-name'] ?? '',
      lastName: o['last-name'] ?? '',
    });
    return `Created ${user.role} ${user.email} (user ${user.id}) in licence ${licenceId}`;
  },
  'licence:api-url': async (args, { db }) => {
    const o = options(args, { licence: s, url: s });
    const licenceId = need(intOption(1), o.licence, 'licence');
    const url = need(ApiUrl, o.url, 'url');
    // The default is stored as none: the licence then follows the server's own address.
    const apiUrl = url === DEFAULT_API_URL ? null : url;
    const [licence] = await db
      .update(licences)
      .set({ apiUrl })
      .where(eq(licences.id, licenceId))
      .returning({ id: licences.id, name: licences.name });
    if (!licence) throw new UsageError(`--licence: no licence ${licenceId}`);
    return `Licence ${licence.id} "${licence.name}": recruiting data at ${apiUrl ?? `${DEFAULT_API_URL} (the default)`}`;
  },
  'maintenance:set': async (args, { db }) => {
    const o = options(args, { at: s, duration: s });
    const breakAt = need(
      z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
      o.at,
      'at',
    );
    const duration = need(intOption(1).max(7 * 24 * 60), o.duration, 'duration');
    await setMaintenance(db, { breakAt, duration });
    const end = new Date(breakAt.getTime() + duration * 60_000);
    return `Maintenance set from ${breakAt.toISOString()} for ${duration} minutes (until ${end.toISOString()})`;
  },
  'maintenance:clear': async (args, { db }) => {
    options(args, {});
    await clearMaintenance(db);
    return 'Maintenance cleared';
  },
  seed: async (args, { db }) => {
    const o = options(args, { licence: s, candidates: s });
    const licenceId = need(intOption(1), o.licence, 'licence');
    const size =
      o.candidates === undefined
        ? DEMO_SIZE.candidates
        : need(intOption(1).max(DEMO_MAX_CANDIDATES), o.candidates, 'candidates');
    const [licence] = await db.select().from(licences).where(eq(licences.id, licenceId));
    if (!licence) throw new UsageError(`--licence: no licence ${licenceId}`);
    const started = performance.now();
    const r = await seedDemo(db, licenceId, size);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `Seeded licence ${licenceId}: ${r.jobOffers} job offers, ${r.candidates} candidates, ${r.applications} applications, ${r.tags} tags in ${seconds} s`;
  },
  'retention:run': async (args, { db }) => {
    options(args, {});
    // The notices' mails are queued here and sent by the server's worker, which holds the mailer.
    const queuedOnly = retentionMailJob({
      mailer: { send: () => Promise.reject(new Error('the server sends the retention mail')) },
      config: { mailFrom: '' },
      publicUrl: () => '',
    });
    const r = await runRetention(db, queuedOnly);
    return `Retention: ${r.licences} licence(s) with retention on, ${r.noticed} notice(s) queued, ${r.erased} candidate(s) erased`;
  },
  backup: async (args, database) => {
    const o = options(args, { out: s });
    const out = need(z.string().min(1), o.out, 'out');
    if (!database.dump)
      throw new UsageError('backup is for the embedded database; use pg_dump for a PostgreSQL server');
    const blob = await database.dump();
    await fs.writeFile(out, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
    return `Wrote a backup of the embedded database to ${out} (${blob.size} bytes); restore by extracting it into an empty VIVIER_DATA_DIR/pgdata`;
  },
};

/**
 * `audit verify`: walks each licence's chain (modules/audit/audit-verify.ts, decision 192) and stops at the first
 * broken link, which it names with its licence and entry number; exit code 1 then.
 */
async function auditVerify(args: string[], { db }: Database): Promise<CommandResult> {
  const o = options(args, { licence: s });
  const licenceIds =
    o.licence === undefined ? await chainLicences(db) : [need(intOption(1), o.licence, 'licence')];
  const lines: string[] = [];
  for (const licenceId of licenceIds) {
    const report = await verifyChain(db, licenceId);
    if (!report.ok) {
      lines.push(
        `audit verify: BROKEN in licence ${licenceId}${report.seq === null ? '' : `, entry ${report.seq}`}: ${report.problem}`,
      );
      return { code: 1, output: lines.join('\n') };
    }
    lines.push(
      report.entries === 0
        ? `licence ${licenceId}: no entries`
        : `licence ${licenceId}: ${report.entries} entries (${report.firstSeq} to ${report.lastSeq}), head matches`,
    );
  }
  lines.push(`audit verify: OK, ${licenceIds.length} licence${licenceIds.length === 1 ? '' : 's'} checked`);
  return { code: 0, output: lines.join('\n') };
}

/** Runs one operator command against a database. Bad arguments answer the usage and code 2. */
export async function runCommand(argv: string[], database: Database): Promise<CommandResult> {
  const [name, ...args] = argv;
  if (name === 'audit' && args[0] === 'verify') {
    try {
      return await auditVerify(args.slice(1), database);
    } catch (error) {
      if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        return { code: 2, output: `audit verify: ${(error as Error).message}\n\n${USAGE}` };
      }
      throw error;
    }
  }
  const handler = name ? commands[name] : undefined;
  if (!handler) return { code: 2, output: `${name ? `Unknown command: ${name}\n\n` : ''}${USAGE}` };
  try {
    return { code: 0, output: await handler(args, database) };
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      return { code: 2, output: `${name}: ${(error as Error).message}\n\n${USAGE}` };
    }
    const pgCode = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (pgCode === '23505')
      return {
        code: 1,
        output: `${name}: a record with the same value already exists (is that email taken?)`,
      };
    throw error;
  }
}
