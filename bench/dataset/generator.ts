/**
 * The dataset generator (moved out of the server's demo, decision 168): organisations of any size, from the demo's
 * shape to the 1,000,000-candidate benchmark, written by PostgreSQL itself. `npm run dataset` (cli.ts) and
 * `npm run bench` (fixture.ts) run it; the server's demo seed (modules/demo/seed.ts) stays small and separate.
 */
import { and, inArray, sql } from 'drizzle-orm';
import {
  COMPANIES,
  type Db,
  DEGREES,
  DEMO_OFFERS,
  DEMO_TAGS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  PHONE_FORMATS,
  SCHOOLS,
  schema,
  scoped,
  TITLES,
} from '../../apps/server/src/bench-entry.ts';
import { generateAudit } from './audit.ts';
import { cvStatements } from './cvs.ts';
import { eventStatements } from './events.ts';
import { CITIES, MORE_TAG_NAMES } from './words.ts';

const { candidates: candidatesTable, companies, jobOffers, jobOfferTags, statuses, tags, users } = schema;
const TAG_NAMES = [...DEMO_TAGS, ...MORE_TAG_NAMES];

/**
 * The size and shape of a generated organisation. Every count is exact except `tagLinks`, the mean number
 * of tags drawn per candidate (a candidate never gets a tag twice, so a little fewer links end up stored).
 */
export type DatasetOptions = {
  candidates: number;
  jobOffers: number;
  applications: number;
  tags: number;
  /**
   * Activity events (issue 21, events.ts): one candidate gets min(10,000, events / 2), the others share the rest;
   * none without candidates.
   */
  events: number;
  /** Candidates with a CV (issue 22, cvs.ts): a file row with about 4 kB of text, spread over the list. */
  cvs: number;
  /** Audit log entries (issue 24, audit.ts), chained after the licence's head; none unless asked. */
  audit?: number;
  /** Mean tags per candidate, each drawn from a Zipf law of exponent `tagSkew` (the most used tag first). */
  tagLinks: number;
  tagSkew: number;
  /** Everything is drawn from hashes of the row number and this seed: the same options give the same data. */
  seed: number;
  /** Called after each batch with what is done so far (the CLI and the benchmark print it). */
  progress?: (done: Progress) => void;
};

/** What a seed has written so far. */
export type Progress = { candidates: number; applications: number; events: number; cvs: number };

/**
 * Named shapes. `peer-150k` is a 150,000-candidate database measured on a peer ATS (issue 15): 200 tags, the most
 * used on ~53,000 candidates and the median on ~700, 375,000 candidate-tag links, 2,000 job offers and 200,000
 * applications. Each candidate draws its number of tags from an exponential law of mean `tagLinks`, then that
 * many distinct tags from a Zipf law of exponent `tagSkew`: 1.04 and 2.53 give the peer's shape (fitted by
 * simulation; generator.test.ts checks it). `demo` is the shape of the server's demo organisation
 * (4 offers, 7 tags) at any size.
 */
export const PROFILES = {
  demo: { candidates: 60, jobOffers: 4, tags: 7, tagLinks: 2 },
  'peer-150k': {
    candidates: 150_000,
    jobOffers: 2_000,
    applications: 200_000,
    tags: 200,
    tagLinks: 2.53,
    tagSkew: 1.04,
    // The OpenCATS comparison of issue 22: 150,000 resumes.
    cvs: 150_000,
  },
} as const;
export type ProfileName = keyof typeof PROFILES;

const DEFAULTS = { tagSkew: 1.04, seed: 42, events: 0, cvs: 0 };

/** Rows per INSERT ... SELECT: large enough that statements cost nothing, small enough to report progress. */
const CANDIDATE_BATCH = 50_000;
const APPLICATION_BATCH = 100_000;
/** Entries of the lookup tables that turn a uniform draw into a skewed pick (a tag, a status). */
const TAG_TABLE = 8192;
/**
 * From this many candidates on, the seed drops the secondary indexes of the tables it fills and builds them
 * again at the end, as one does for a bulk load: growing a trigram index row by row makes each batch slower
 * than the last (150,000 candidates: 38 s against 12 s). It locks those tables meanwhile, which suits the
 * empty or benchmark database such a size is for.
 */
const REBUILD_INDEXES_FROM = 100_000;
const FILLED_TABLES = [
  'candidates',
  'candidate_contacts',
  'candidate_tags',
  'job_applications',
  'candidate_events',
  // Filled by candidate_events' trigger (decision 201), and the aggregates by report_facts' (decision 210).
  'report_facts',
  'report_stage_entries',
  'report_applications',
  'report_weekly_counts',
  'report_stays',
  'candidate_files',
];

/** The full options for a seed: a profile's, then the defaults for what neither names. */
export function datasetOptions(given: Partial<DatasetOptions> & { profile?: ProfileName } = {}) {
  const { profile = 'demo', ...rest } = given;
  const base: {
    candidates: number;
    jobOffers: number;
    tags: number;
    tagLinks: number;
    tagSkew?: number;
    applications?: number;
    cvs?: number;
  } = PROFILES[profile];
  const candidates = rest.candidates ?? base.candidates;
  const jobOffers = rest.jobOffers ?? base.jobOffers;
  // The demo puts about a third of its candidates in each offer.
  const applications =
    rest.applications ?? base.applications ?? Math.round(candidates * Math.min(jobOffers, 4) * 0.35);
  return {
    ...DEFAULTS,
    tags: base.tags,
    tagLinks: base.tagLinks,
    tagSkew: base.tagSkew ?? DEFAULTS.tagSkew,
    ...rest,
    candidates,
    jobOffers,
    applications,
    events: candidates === 0 ? 0 : (rest.events ?? DEFAULTS.events),
    cvs: Math.min(candidates, rest.cvs ?? base.cvs ?? DEFAULTS.cvs),
  } satisfies DatasetOptions;
}

// --- SQL building blocks, over constants and integers only (no user input reaches this text) -------------

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (list: readonly string[]) => `array[${list.map(literal).join(',')}]::text[]`;
const intArray = (list: readonly number[]) => `'{${list.join(',')}}'::int[]`;

/** A uniform draw in [0, 1) from the row number `n` and a salt: the same inputs, the same number. */
const draw = (seed: number, n: string, salt: number) =>
  `((hashint8extended((${n})::int8, ${seed * 1000 + salt}) & 2147483647)::float8 / 2147483648.0)`;

/** A 1-based index into a list of `length`, the first ones more often when `skew` > 1. */
const index = (length: number, u: string, skew = 1) =>
  `(1 + floor(${skew === 1 ? u : `power(${u}, ${skew})`} * ${length})::int)`;

/** A name as the local part of an address: lower case, unaccented, letters and digits only. */
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/þ/g, 'th')
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]+/g, '');

/** One element of a list, the first ones more often when `skew` > 1 (the list is in order of frequency). */
const pick = (list: string, length: number, u: string, skew = 1) =>
  `(${list})[1 + floor(${skew === 1 ? u : `power(${u}, ${skew})`} * ${length})::int]`;

/** Zipf weights of `n` ranks: rank r weighs r^-s. */
function zipf(n: number, s: number) {
  const weights = Array.from({ length: n }, (_, r) => (r + 1) ** -s);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** `size` entries in which each item appears in proportion to its weight: table[floor(u * size)] draws it. */
function lookupTable<T>(items: readonly T[], weights: readonly number[], size: number): T[] {
  const table: T[] = [];
  let cumulative = 0;
  items.forEach((item, i) => {
    cumulative += weights[i] ?? 0;
    const until = i === items.length - 1 ? size : Math.round(cumulative * size);
    while (table.length < until) table.push(item);
  });
  return table;
}

/** How many applications each offer gets, in offer order; an offer never holds a candidate twice. */
export function applicationsPerOffer(offers: number, applications: number, candidates: number) {
  if (offers === 0 || candidates === 0) return [];
  // From 10 offers on, the first is the open-applications pool a real ATS fills (a quarter of everything);
  // the others follow a Zipf law, as popular offers attract most applicants.
  const pool = offers >= 10 ? Math.min(candidates, Math.round(applications * 0.25)) : 0;
  const rest = zipf(offers - (pool > 0 ? 1 : 0), 0.8);
  const counts = [...(pool > 0 ? [pool] : []), ...rest.map((w) => Math.floor(w * (applications - pool)))];
  let left = applications - counts.reduce((a, b) => a + b, 0);
  // Rounding leftovers, then anything above `candidates` in one offer, go to the offers with room, in turn.
  for (let i = 0; i < counts.length; i++) {
    const excess = (counts[i] ?? 0) - candidates;
    if (excess > 0) {
      counts[i] = candidates;
      left += excess;
    }
  }
  // The pool's quarter stays exact: the others take leftovers first.
  const order = counts.map((_, i) => (pool > 0 ? (i + 1) % counts.length : i));
  for (let i = 0; left > 0 && i < counts.length * 2; i++) {
    const o = order[i % counts.length] as number;
    const room = candidates - (counts[o] ?? 0);
    const add = Math.min(room, Math.ceil(left / counts.length), left);
    counts[o] = (counts[o] ?? 0) + add;
    left -= add;
  }
  return counts;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A step coprime with `n`: a * step mod n visits every candidate once in n steps, so no offer repeats one. */
function coprimeStep(n: number) {
  let step = 1_000_003;
  while (gcd(step, n) !== 1) step += 2;
  return step;
}

/**
 * Fills a licence with a generated organisation: tags, companies, job offers, candidates (names with accents,
 * emails, international phones, titles, companies, schools, LinkedIn profiles, tags with a long tail) and
 * applications spread over the pipeline. Rows are made by PostgreSQL itself (INSERT ... SELECT over
 * generate_series, 50,000 candidates a statement), on a server or in the embedded database.
 *
 * Every derived column is written as the application keeps it: `contact_text` (the contacts in use, in their
 * id order, phones also as digits: candidate-contact-text.ts), hence the generated `search_text`; `tag_ids`
 * mirrors candidate_tags; `candidate_updated_at` copies the candidate's `updated_at`. Demo data spends no
 * credits: it is not the customer's work.
 *
 * Up to REBUILD_INDEXES_FROM candidates it is one transaction: all or nothing. From there on it is a bulk load:
 * the secondary indexes of the filled tables are dropped and built again at the end, batches run on
 * `parallel` connections (PostgreSQL; the embedded database has one), and a failure deletes what the seed
 * wrote before it rethrows.
 */
export async function generateDataset(
  db: Db,
  licenceId: number,
  given: Partial<DatasetOptions> & { profile?: ProfileName; parallel?: number } = {},
) {
  const result = await generateRows(db, licenceId, given);
  const audit = Math.max(0, Math.trunc(given.audit ?? 0));
  if (audit > 0) await generateAudit(db, licenceId, audit, Date.now(), given.seed ?? DEFAULTS.seed);
  return { ...result, audit };
}

/** The candidates, offers, applications, tags, events and CVs of a generated dataset. */
async function generateRows(
  db: Db,
  licenceId: number,
  given: Partial<DatasetOptions> & { profile?: ProfileName; parallel?: number },
) {
  const o = datasetOptions(given);
  const L = Math.trunc(licenceId);
  const now = Date.now();
  const filled = { candidates: o.candidates, applications: o.applications };
  const eventsDone = (statements: number, of: number) => Math.round((o.events * statements) / of);
  if (o.candidates < REBUILD_INDEXES_FROM) {
    return db.transaction(async (tx) => {
      const made = await organisation(tx, L, o, now);
      const { candidates, applications } = statements(L, o, made, now);
      await tx.execute(sql.raw(WORK_MEM));
      for (const statement of candidates) {
        await tx.execute(sql.raw(statement.text));
        o.progress?.({ candidates: statement.done, applications: 0, events: 0, cvs: 0 });
      }
      for (const statement of applications) {
        await tx.execute(sql.raw(statement.text));
        o.progress?.({ candidates: o.candidates, applications: statement.done, events: 0, cvs: 0 });
      }
      const events = await activity(tx, L, o, made, now);
      for (const [i, statement] of events.entries()) {
        await tx.execute(sql.raw(statement.text));
        o.progress?.({ ...filled, events: eventsDone(i + 1, events.length), cvs: 0 });
      }
      let cvsDone = 0;
      for (const statement of await cvs(tx, L, o, made)) {
        await tx.execute(sql.raw(statement.text));
        cvsDone += statement.size;
        o.progress?.({ ...filled, events: o.events, cvs: cvsDone });
      }
      for (const table of FILLED_TABLES) await tx.execute(sql.raw(`analyze ${table}`));
      return made.result;
    });
  }

  const made = await db.transaction((tx) => organisation(tx, L, o, now));
  const { candidates, applications, seeded } = statements(L, o, made, now);
  const width = Math.max(1, Math.trunc(given.parallel ?? 1));
  const rebuild = await dropSecondaryIndexes(db);
  try {
    let done = 0;
    await inParallel(candidates, width, async (statement) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(WORK_MEM));
        await tx.execute(sql.raw(statement.text));
      });
      done += statement.size;
      o.progress?.({ candidates: done, applications: 0, events: 0, cvs: 0 });
    });
    done = 0;
    await inParallel(applications, width, async (statement) => {
      await db.execute(sql.raw(statement.text));
      done += statement.size;
      o.progress?.({ candidates: o.candidates, applications: done, events: 0, cvs: 0 });
    });
    const events = await activity(db, L, o, made, now);
    done = 0;
    // One window of time after the other (events.ts): event ids follow time across candidates.
    await inParallel(events, 1, async (statement) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(WORK_MEM));
        await tx.execute(sql.raw(statement.text));
      });
      done += 1;
      o.progress?.({ ...filled, events: eventsDone(done, events.length), cvs: 0 });
    });
    done = 0;
    await inParallel(await cvs(db, L, o, made), width, async (statement) => {
      await db.execute(sql.raw(statement.text));
      done += statement.size;
      o.progress?.({ ...filled, events: o.events, cvs: done });
    });
  } catch (error) {
    // What this seed wrote goes: its candidates (their contacts, tags and applications cascade) and offers.
    await db.execute(sql.raw(`delete from candidates where licence_id = ${L} and ${seeded}`));
    await db.execute(sql.raw(`delete from job_offers where id = any(${intArray(made.offerIds)})`));
    throw error;
  } finally {
    await inParallel(rebuild, width, async (definition) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw("set local maintenance_work_mem = '256MB'"));
        await tx.execute(sql.raw(definition));
      });
    });
  }
  // What autovacuum (on PGlite, the server's database.maintain job, decision 264) would do after a bulk load, at
  // once: statistics, and the visibility map that lets counts read an index alone (issue 29: the job offers index
  // read 38 ms before a vacuum, 22 ms after).
  for (const table of FILLED_TABLES) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  return made.result;
}

/** Each batch sorts and joins 50,000 rows: in memory rather than through temporary files. */
const WORK_MEM = "set local work_mem = '128MB'";

/** Runs `work` on every item, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

type Organisation = Awaited<ReturnType<typeof organisation>>;

/** The licence's tags, companies and job offers (created, or reused when a name exists), and its pipeline. */
async function organisation(tx: Db, L: number, o: DatasetOptions, now: number) {
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(scoped(users, L))
    .orderBy(users.id)
    .limit(1);
  const statusRows = await tx
    .select({ id: statuses.id, name: statuses.name })
    .from(statuses)
    .where(scoped(statuses, L))
    .orderBy(statuses.index, statuses.id);
  const pipeline = statusRows.map((s) => s.id);
  const tagIds = await upsertNamed(tx, tags, L, tagNamesOf(o.tags));
  const companyIds = await upsertNamed(tx, companies, L, COMPANIES);

  // Job offers, newest first; the first four are the demo's, and from ten on the first is the pool.
  const offerNames = offerNamesOf(o.jobOffers);
  const offerIds: number[] = [];
  for (let from = 0; from < offerNames.length; from += 500) {
    const rows = offerNames.slice(from, from + 500).map((name, j) => {
      const i = from + j;
      const demo = DEMO_OFFERS.find((d) => d.name === name);
      const company = demo ? COMPANIES.indexOf(demo.company) : (i * 7) % (COMPANIES.length + 3);
      return {
        licenceId: L,
        name,
        companyId: companyIds[company] ?? null,
        userId: manager?.id ?? null,
        // Older offers are archived more often; the pool stays open.
        archived: i > 0 && i / offerNames.length > 0.5 && (i * 13) % 10 < 6,
        createdAt: new Date(now - (i + 1) * 86_400_000 * (1 + (i % 3))),
      };
    });
    const inserted = await tx.insert(jobOffers).values(rows).returning({ id: jobOffers.id });
    offerIds.push(...inserted.map((r) => r.id));
  }
  const offerTags = offerIds.flatMap((jobOfferId, i) =>
    tagIds.length === 0
      ? []
      : [...new Set([tagIds[(i * 3) % Math.min(tagIds.length, 30)], tagIds[(i * 11) % tagIds.length]])]
          .slice(0, i % 3)
          .map((tagId) => ({ jobOfferId, tagId: tagId as number })),
  );
  for (let i = 0; i < offerTags.length; i += 1000) {
    await tx.insert(jobOfferTags).values(offerTags.slice(i, i + 1000));
  }
  const perOffer = applicationsPerOffer(offerIds.length, o.applications, o.candidates);
  // Addresses number candidates after those the licence has, so a second seed repeats no email.
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(candidatesTable)
    .where(scoped(candidatesTable, L));
  // Events go to the candidates with ids above the last one now (events.ts).
  const [last] = await tx
    .select({ id: sql<number | null>`max(${candidatesTable.id})` })
    .from(candidatesTable);
  const tagNames = tagNamesOf(o.tags);
  return {
    tagIds,
    offerIds,
    pipeline,
    managerId: manager?.id ?? null,
    offers: offerIds.map((id, i) => ({ id, name: offerNames[i] as string })),
    statusRows,
    tagRows: tagIds.map((id, i) => ({ id, name: tagNames[i] as string })),
    lastIdBefore: Number(last?.id ?? 0),
    perOffer,
    numberFrom: existing?.n ?? 0,
    result: {
      candidates: o.candidates,
      jobOffers: offerIds.length,
      applications: perOffer.reduce((a, b) => a + b, 0),
      tags: tagIds.length,
      events: o.events,
      cvs: o.cvs,
    },
  };
}

const nowSqlOf = (now: number) => `'${new Date(now).toISOString()}'::timestamptz`;
/** Candidates are created over six years, `step` microseconds apart. */
const stepUsOf = (candidates: number) =>
  Math.max(1, Math.floor((6 * 365 * 86_400 * 1e6) / Math.max(1, candidates)));

/**
 * The INSERT ... SELECT statements that make the candidates (with their contacts and tag links) and the
 * applications, in batches. Candidate number g (1..N) is created at `now - g * step`, a time no other row of
 * this seed has: that ties each id an INSERT returns back to the row it was made from, and lets an application
 * find its candidate. `seeded` is the condition that picks this seed's candidates.
 */
function statements(L: number, o: DatasetOptions, made: Organisation, now: number) {
  const seed = Math.trunc(o.seed);
  const u = (n: string, salt: number) => draw(seed, n, salt);
  const nowSql = nowSqlOf(now);
  const stepUs = stepUsOf(o.candidates);
  const createdAt = (g: string) => `(${nowSql} - (${g})::int8 * ${stepUs} * interval '1 microsecond')`;
  const { tagIds, offerIds, pipeline, perOffer, numberFrom } = made;
  const tagTable = tagIds.length
    ? intArray(lookupTable(tagIds, zipf(tagIds.length, o.tagSkew), TAG_TABLE))
    : "'{}'::int[]";
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const titles = textArray(TITLES);
  const companyNames = textArray(COMPANIES);
  const schools = textArray(SCHOOLS);
  const degrees = textArray(DEGREES);
  const domains = textArray(EMAIL_DOMAINS);
  // Names as they appear in addresses ('Lefèvre' as 'lefevre'), worked out once here rather than per row.
  const slugs = (list: readonly string[]) => textArray(list.map(slugOf));
  const firstSlugs = slugs(FIRST_NAMES);
  const lastSlugs = slugs(LAST_NAMES);
  const companySlugs = slugs(COMPANIES);
  const phone = phoneExpression(PHONE_FORMATS, u('g', 13), 'digits');

  const candidates: { text: string; size: number; done: number }[] = [];
  for (let from = 1; from <= o.candidates; from += CANDIDATE_BATCH) {
    const to = Math.min(o.candidates, from + CANDIDATE_BATCH - 1);
    candidates.push({
      size: to - from + 1,
      done: to,
      text: `
      with people as (
        select g,
          ${index(FIRST_NAMES.length, u('g', 1), 2)} as fi,
          ${index(LAST_NAMES.length, u('g', 2), 2)} as li,
          ${index(COMPANIES.length, u('g', 5), 1.5)} as ci,
          ${createdAt('g')} as created_at,
          ${u('g', 3)} as r_updated,
          ${pick(titles, TITLES.length, u('g', 4), 1.6)} as title,
          ${pick(companyNames, COMPANIES.length, u('g', 6), 1.5)} as former,
          ${pick(schools, SCHOOLS.length, u('g', 7), 1.5)} as school,
          ${pick(degrees, DEGREES.length, u('g', 8))} as degree,
          ${pick(domains, EMAIL_DOMAINS.length, u('g', 9), 2)} as domain,
          ${u('g', 12)} as r_phone,
          lpad(((hashint8extended(g, ${seed * 1000 + 14}) & 2147483647) % 100000)::text, 5, '0')
            || lpad(((hashint8extended(g, ${seed * 1000 + 17}) & 2147483647) % 100000)::text, 5, '0') as digits,
          least(${tagIds.length}, floor(-ln(1 - ${u('g', 10)}) * ${o.tagLinks} + 0.5))::int as tag_count
        from generate_series(${from}, ${to}) g
      ),
      src as materialized (
        select g, (${first})[fi] as fn, (${last})[li] as ln, title, (${companyNames})[ci] as company, former,
          school, degree, created_at,
          created_at + (${nowSql} - created_at) * r_updated as updated_at,
          (${firstSlugs})[fi] || '.' || (${lastSlugs})[li] || (g + ${numberFrom}) || '@' || domain as email,
          -- a work address for one in five ('cmartin1234@acme.example': a reserved name)
          case when ${u('g', 15)} < 0.2 then substr((${firstSlugs})[fi], 1, 1) || (${lastSlugs})[li]
            || (g + ${numberFrom}) || '@' || (${companySlugs})[ci] || '.example' end as email2,
          case when r_phone < 0.75 then ${phone} end as phone,
          case when ${u('g', 16)} < 0.6 then 'https://www.linkedin.com/in/' || (${firstSlugs})[fi] || '-'
            || (${lastSlugs})[li] || '-' || to_hex(g + ${numberFrom}) end as linkedin,
          -- tag_count distinct tags, the first drawn (a few spare draws cover repeats)
          (select coalesce(array_agg(t order by t), '{}') from (
            select t from (
              select distinct on (t) t, j from (
                select (${tagTable})[1 + floor(${u('g::int8 * 64 + j', 11)} * ${TAG_TABLE})::int] as t, j
                from generate_series(1, tag_count + 4) j
              ) drawn order by t, j
            ) distinct_tags order by j limit tag_count
          ) kept) as tag_ids
        from people
      ),
      inserted as (
        insert into candidates (licence_id, first_name, last_name, linkedin_url, details, social_networks,
          tag_ids, contact_text, created_at, updated_at)
        select ${L}, fn, ln, linkedin,
          jsonb_build_object('title', title,
            'experiences', jsonb_build_array(jsonb_build_object('company', company), jsonb_build_object('company', former)),
            'educations', jsonb_build_array(jsonb_build_object('school', school, 'degree', jsonb_build_array(degree)))),
          case when linkedin is null then '[]'::jsonb
            else jsonb_build_array(jsonb_build_object('type', 'linkedin', 'value', linkedin)) end,
          tag_ids,
          concat_ws(' ', email, email2, phone, regexp_replace(phone, '[^0-9]', '', 'g')),
          created_at, updated_at
        from src
        returning id, created_at, tag_ids
      ),
      contacts as (
        insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
        select ${L}, inserted.id, c.kind, c.value, c.is_primary
        from inserted join src using (created_at),
          lateral (values (1, 'email', src.email, true), (2, 'email', src.email2, false), (3, 'phone', src.phone, true))
            as c(n, kind, value, is_primary)
        where c.value is not null
        order by inserted.id, c.n
      ),
      links as (
        insert into candidate_tags (candidate_id, tag_id) select id, unnest(tag_ids) from inserted
      )
      select count(*) from inserted`,
    });
  }

  // Applications: each offer takes a run of consecutive numbers a; its candidate is number 1 + a * step mod N,
  // so no offer holds a candidate twice. Statuses follow a funnel: most applications wait in the first ones.
  const starts: number[] = [];
  perOffer.reduce((start, n) => {
    starts.push(start);
    return start + n;
  }, 0);
  const total = perOffer.reduce((a, b) => a + b, 0);
  const step = coprimeStep(o.candidates);
  const statusTable = pipeline.length
    ? intArray(lookupTable(pipeline, funnel(pipeline.length), 100))
    : "'{}'::int[]";
  const applications: { text: string; size: number; done: number }[] = [];
  for (let from = 0; from < total; from += APPLICATION_BATCH) {
    const to = Math.min(total, from + APPLICATION_BATCH) - 1;
    applications.push({
      size: to - from + 1,
      done: to + 1,
      text: `
      insert into job_applications (licence_id, candidate_id, job_offer_id, status_id, candidate_updated_at,
        created_at, updated_at)
      select ${L}, c.id, (${intArray(offerIds)})[width_bucket(a, ${intArray(starts)})],
        (${statusTable})[1 + floor(${u('a', 20)} * 100)::int], c.updated_at,
        ${nowSql} - ${u('a', 21)} * interval '720 days', ${nowSql} - ${u('a', 21)} * interval '700 days'
      from generate_series(${from}, ${to}) a
      join candidates c on c.licence_id = ${L}
        and c.created_at = ${createdAt(`1 + (a::int8 * ${step} % ${o.candidates})`)}`,
    });
  }
  const seeded = `created_at between ${createdAt(String(o.candidates))} and ${nowSql}`;
  return { candidates, applications, seeded };
}

/** The statements that write the candidates' events (events.ts), once the candidates exist. */
async function activity(db: Db, L: number, o: DatasetOptions, made: Organisation, now: number) {
  if (o.events === 0) return [];
  const [last] = await db
    .select({ id: sql<number | null>`max(${candidatesTable.id})` })
    .from(candidatesTable);
  return eventStatements(
    {
      candidates: o.candidates,
      events: o.events,
      licenceId: L,
      actorId: made.managerId,
      offers: made.offers,
      pipeline: made.statusRows,
      tags: made.tagRows,
      titles: TITLES,
      draw: (n, salt) => draw(Math.trunc(o.seed), n, salt),
      nowSql: nowSqlOf(now),
      stepUs: stepUsOf(o.candidates),
    },
    { after: made.lastIdBefore, last: Number(last?.id ?? 0) },
  );
}

/** The statements that write the candidates' CVs (cvs.ts), once the candidates exist. */
async function cvs(db: Db, L: number, o: DatasetOptions, made: Organisation) {
  if (o.cvs === 0) return [];
  const [last] = await db
    .select({ id: sql<number | null>`max(${candidatesTable.id})` })
    .from(candidatesTable);
  return cvStatements(
    {
      candidates: o.candidates,
      cvs: o.cvs,
      licenceId: L,
      skills: tagNamesOf(Math.max(o.tags, 60)),
      titles: TITLES,
      companies: COMPANIES,
      cities: CITIES,
      draw: (n, salt) => draw(Math.trunc(o.seed), n, salt),
    },
    { after: made.lastIdBefore, last: Number(last?.id ?? 0) },
  );
}

/** Drops the indexes of the filled tables that back no constraint; answers the statements that rebuild them. */
async function dropSecondaryIndexes(db: Db) {
  const result = await db.execute<{ name: string; definition: string }>(sql`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(
      FILLED_TABLES.map((t) => sql`${t}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c
        where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`);
  // node-postgres answers a result with rows, PGlite's driver the rows themselves.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    name: string;
    definition: string;
  }[];
  for (const row of rows) await db.execute(sql.raw(`drop index "${row.name}"`));
  return rows.map((row) => row.definition);
}

/**
 * A phone number in one of `formats` ('+33 6 ## ## ## ##': each # a digit of the column `digits`), the first
 * formats more often, as SQL.
 */
function phoneExpression(formats: readonly string[], u: string, digits: string) {
  const weights = zipf(formats.length, 1.5);
  const table = lookupTable(
    formats.map((_, i) => i),
    weights,
    100,
  );
  const branches = formats.map((format, i) => {
    let at = 0;
    const parts = format
      .split(/(#+)/)
      .filter(Boolean)
      .map((part) => {
        if (!part.startsWith('#')) return literal(part);
        const piece = `substr(${digits}, ${at + 1}, ${part.length})`;
        at += part.length;
        return piece;
      });
    return `when ${i} then ${parts.join(' || ')}`;
  });
  return `(case (${intArray(table)})[1 + floor(${u} * 100)::int] ${branches.join(' ')} end)`;
}

/** Shares of the pipeline's statuses: the default six as a real funnel, any other pipeline halving each step. */
function funnel(n: number) {
  if (n === 6) return [0.45, 0.2, 0.12, 0.05, 0.03, 0.15];
  const weights = Array.from({ length: n }, (_, i) => 0.5 ** i);
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** `count` tag names: real ones first, then variants ('React 2') once they run out. */
function tagNamesOf(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const name = TAG_NAMES[i % TAG_NAMES.length] as string;
    const round = Math.floor(i / TAG_NAMES.length);
    return round === 0 ? name : `${name} ${round + 1}`;
  });
}

/** `count` offer names: the demo's four, then from ten offers on the pool first, then titles by city. */
function offerNamesOf(count: number) {
  const names: string[] = [];
  if (count >= 10) names.push('Open applications');
  names.push(...DEMO_OFFERS.map((d) => d.name));
  for (let i = 0; names.length < count; i++) {
    const title = TITLES[i % TITLES.length] as string;
    const city = CITIES[Math.floor(i / TITLES.length) % CITIES.length] as string;
    const round = Math.floor(i / (TITLES.length * CITIES.length));
    names.push(`${title} – ${city}${round > 0 ? ` #${round + 1}` : ''}`);
  }
  return names.slice(0, count);
}

/** Ids of the licence's rows named `names`, in that order, inserting those missing (names are unique per licence). */
async function upsertNamed(
  tx: Db,
  table: typeof tags | typeof companies,
  licenceId: number,
  names: readonly string[],
): Promise<number[]> {
  for (let i = 0; i < names.length; i += 1000) {
    await tx
      .insert(table)
      .values(names.slice(i, i + 1000).map((name) => ({ licenceId, name })))
      .onConflictDoNothing();
  }
  const ids = new Map<string, number>();
  for (let i = 0; i < names.length; i += 1000) {
    const lowered = names.slice(i, i + 1000).map((n) => n.toLowerCase());
    const rows = await tx
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(scoped(table, licenceId), inArray(sql`lower(${table.name})`, lowered)));
    for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  }
  return names.map((n) => ids.get(n.toLowerCase()) as number);
}
