import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  candidateContacts,
  candidates,
  candidateTags,
  companies,
  jobApplications,
  jobOffers,
  statuses,
  tags,
  users,
} from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { publishDemoOffers, seedDemoCareersApplications } from './seed-careers.ts';
import {
  COMPANIES,
  DEGREES,
  DEMO_OFFERS,
  DEMO_TAGS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  PHONE_FORMATS,
  SCHOOLS,
  TITLES,
} from './seed-words.ts';

/**
 * The demo organisation a new install shows (VIVIER_DEMO, `npm run cli -- seed`): its four job offers, seven
 * tags, the companies, 60 candidates and about 84 applications along the pipeline. Small on purpose: the
 * generator of large datasets is the benchmark's (bench/dataset/, decision 168).
 */
export const DEMO_SIZE = { candidates: 60, jobOffers: DEMO_OFFERS.length, tags: DEMO_TAGS.length };

/**
 * The most candidates the demo organisation takes (`seed --candidates N`): enough for a browser test of a full
 * screen; a larger dataset is the benchmark generator's.
 */
export const DEMO_MAX_CANDIDATES = 10_000;

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in a statement. */
const CHUNK = 1000;

/** Inserts `rows` in statements of CHUNK rows, answering what each returns, in order. */
async function inChunks<R, A>(rows: R[], insert: (chunk: R[]) => Promise<A[]>): Promise<A[]> {
  const answers: A[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) answers.push(...(await insert(rows.slice(i, i + CHUNK))));
  return answers;
}

/** A repeatable stream of numbers in [0, 1) (mulberry32): the same demo on every install. */
function numbers(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A name as the local part of an address: lower case, unaccented, letters and digits only. */
export const slugOf = (name: string) =>
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

/** Ids of the licence's rows named `names`, in that order, inserting those missing (names are unique per licence). */
async function upsertNamed(
  tx: Db,
  table: typeof tags | typeof companies,
  licenceId: number,
  names: string[],
) {
  await tx
    .insert(table)
    .values(names.map((name) => ({ licenceId, name })))
    .onConflictDoNothing();
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(scoped(table, licenceId), inArray(sql`lower(${table.name})`, lowered)));
  const ids = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  return names.map((n) => ids.get(n.toLowerCase()) as number);
}

/**
 * Fills a licence with the demo organisation, in one transaction. Derived columns are written as the application
 * keeps them: `contact_text` (the contacts in id order, phones also as digits), `tag_ids` mirrors candidate_tags,
 * `candidate_updated_at` copies the candidate's `updated_at`. Demo data spends no credits: it is not the
 * customer's work. Addresses number candidates after those the licence has, so seeding twice repeats no email.
 */
export async function seedDemo(db: Db, licenceId: number, size = DEMO_SIZE.candidates) {
  if (!Number.isInteger(size) || size < 1 || size > DEMO_MAX_CANDIDATES) {
    throw new RangeError(`the demo takes 1 to ${DEMO_MAX_CANDIDATES} candidates`);
  }
  return db.transaction(async (tx) => {
    const random = numbers(42);
    /** One of `list`, the first entries more often when `skew` > 1 (lists are in order of frequency). */
    const pick = <T>(list: readonly T[], skew = 1) => list[Math.floor(random() ** skew * list.length)] as T;
    const now = Date.now();
    const [manager] = await tx
      .select({ id: users.id })
      .from(users)
      .where(scoped(users, licenceId))
      .orderBy(users.id)
      .limit(1);
    const pipeline = (
      await tx
        .select({ id: statuses.id })
        .from(statuses)
        .where(scoped(statuses, licenceId))
        .orderBy(statuses.index, statuses.id)
    ).map((s) => s.id);
    const tagIds = await upsertNamed(tx, tags, licenceId, [...DEMO_TAGS]);
    const companyIds = await upsertNamed(tx, companies, licenceId, [...COMPANIES]);
    const offers = await tx
      .insert(jobOffers)
      .values(
        DEMO_OFFERS.map((offer, i) => ({
          licenceId,
          name: offer.name,
          companyId: companyIds[COMPANIES.indexOf(offer.company)] ?? null,
          userId: manager?.id ?? null,
          createdAt: new Date(now - (i + 1) * 86_400_000 * (1 + (i % 3))),
        })),
      )
      .returning({ id: jobOffers.id });
    await publishDemoOffers(tx, licenceId, offers, now);
    const numberFrom = await tx.$count(candidates, scoped(candidates, licenceId));

    // Candidates over the last six years, each updated some time after its creation.
    const people = Array.from({ length: size }, (_, i) => {
      const firstName = pick(FIRST_NAMES, 2);
      const lastName = pick(LAST_NAMES, 2);
      const company = pick(COMPANIES, 1.5);
      const n = numberFrom + i + 1;
      const email = `${slugOf(firstName)}.${slugOf(lastName)}${n}@${pick(EMAIL_DOMAINS, 2)}`;
      // A work address for one in five ('cmartin12@acme.example': a reserved name).
      const work =
        random() < 0.2
          ? `${slugOf(firstName).slice(0, 1)}${slugOf(lastName)}${n}@${slugOf(company)}.example`
          : null;
      const phone =
        random() < 0.75
          ? pick(PHONE_FORMATS, 1.5).replace(/#/g, () => String(Math.floor(random() * 10)))
          : null;
      const linkedin =
        random() < 0.6
          ? `https://www.linkedin.com/in/${slugOf(firstName)}-${slugOf(lastName)}-${n.toString(16)}`
          : null;
      const tagCount = Math.min(tagIds.length, Math.floor(-Math.log(1 - random()) * 2 + 0.5));
      const own = new Set<number>();
      while (own.size < tagCount) own.add(pick(tagIds, 1.5));
      const createdAt = now - (i + 1) * Math.floor((6 * 365 * 86_400_000) / size);
      const contacts = [
        { kind: 'email' as const, value: email, isPrimary: true },
        ...(work ? [{ kind: 'email' as const, value: work, isPrimary: false }] : []),
        ...(phone ? [{ kind: 'phone' as const, value: phone, isPrimary: true }] : []),
      ];
      return {
        row: {
          licenceId,
          firstName,
          lastName,
          linkedinUrl: linkedin,
          details: {
            title: pick(TITLES, 1.6),
            experiences: [{ company }, { company: pick(COMPANIES, 1.5) }],
            educations: [{ school: pick(SCHOOLS, 1.5), degree: [pick(DEGREES)] }],
          },
          socialNetworks: linkedin ? [{ type: 'linkedin' as const, value: linkedin }] : [],
          tagIds: [...own].sort((a, b) => a - b),
          contactText: contacts
            .map((c) => (c.kind === 'phone' ? `${c.value} ${c.value.replace(/\D/g, '')}` : c.value))
            .join(' '),
          createdAt: new Date(createdAt),
          updatedAt: new Date(createdAt + (now - createdAt) * random()),
          // Sourced by the demo's recruiters when added (issue 24): their retention counts from then.
          legalBasisAt: new Date(createdAt),
        },
        contacts,
      };
    });
    const made = await inChunks(
      people.map((p) => p.row),
      (chunk) =>
        tx.insert(candidates).values(chunk).returning({ id: candidates.id, updatedAt: candidates.updatedAt }),
    );
    // Statements in candidate order: contact ids follow the order contact_text was written in.
    await inChunks(
      people.flatMap((p, i) =>
        p.contacts.map((c) => ({ licenceId, candidateId: made[i]?.id as number, ...c })),
      ),
      (chunk) => tx.insert(candidateContacts).values(chunk).returning({ id: candidateContacts.id }),
    );
    const links = people.flatMap((p, i) =>
      p.row.tagIds.map((tagId) => ({ candidateId: made[i]?.id as number, tagId })),
    );
    await inChunks(links, (chunk) =>
      tx.insert(candidateTags).values(chunk).returning({ id: candidateTags.tagId }),
    );

    // About a third of the candidates in each offer, the first offers fuller; most applications wait in the
    // first statuses of the pipeline.
    const funnel =
      pipeline.length === 6 ? [0.45, 0.2, 0.12, 0.05, 0.03, 0.15] : pipeline.map((_, i) => 0.5 ** i);
    const total = funnel.reduce((a, b) => a + b, 0);
    const statusOf = () => {
      let u = random() * total;
      for (const [i, id] of pipeline.entries()) {
        u -= funnel[i] ?? 0;
        if (u < 0) return id;
      }
      return pipeline.at(-1) ?? null;
    };
    const shares = [0.43, 0.25, 0.18, 0.14];
    const applications = offers.flatMap((offer, o) => {
      const count = Math.round(size * offers.length * 0.35 * (shares[o] ?? 0.1));
      const start = Math.floor(random() * made.length);
      return Array.from({ length: Math.min(count, made.length) }, (_, k) => {
        const candidate = made[(start + k * 7) % made.length] as (typeof made)[number];
        const age = random();
        return {
          licenceId,
          candidateId: candidate.id,
          jobOfferId: offer.id,
          statusId: statusOf(),
          candidateUpdatedAt: candidate.updatedAt,
          createdAt: new Date(now - age * 720 * 86_400_000),
          updatedAt: new Date(now - age * 700 * 86_400_000),
        };
      });
    });
    const applied = await inChunks(applications, (chunk) =>
      tx.insert(jobApplications).values(chunk).returning({ id: jobApplications.id }),
    );
    const [first] = offers;
    if (first) {
      const ofFirst = applications.flatMap((application, i) => {
        const id = applied[i]?.id;
        return application.jobOfferId === first.id && id !== undefined ? [{ ...application, id }] : [];
      });
      await seedDemoCareersApplications(tx, licenceId, first.id, ofFirst, manager?.id ?? null);
    }
    return {
      candidates: made.length,
      jobOffers: offers.length,
      applications: applications.length,
      tags: tagIds.length,
    };
  });
}
