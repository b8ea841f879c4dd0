import { CANDIDATE_COUNT_CAP } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactTextOf,
  createLicence,
  type Database,
  findActiveCaller,
  listJobOffers,
  listOfferApplications,
  openTestDatabase,
  parseTagExpression,
  recordAudit,
  searchCandidates,
  verifyChain,
} from '../../apps/server/src/bench-entry.ts';
import { generateAudit } from './audit.ts';
import { runDataset } from './cli.ts';
import { applicationsPerOffer, datasetOptions, generateDataset } from './generator.ts';
import { benchDataset, FlagError } from './sizes.ts';

// A database of its own (PGlite, or PostgreSQL in the bench-postgres project), as the server's API tests have.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

let licences = 0;
/** A new licence with its admin, and the admin as a caller of the read queries. */
async function newLicence() {
  const n = ++licences;
  const created = await createLicence(database.db, {
    name: `Organisation ${n}`,
    creditsMax: 100,
    planType: 'recurrent',
    renewPeriod: 'monthly',
    admin: {
      email: `admin@org${n}.test`,
      password: 'correct horse battery',
      firstName: 'Ada',
      lastName: 'Admin',
    },
  });
  const caller = await findActiveCaller(database.db, {
    userId: created.admin.id,
    licenceId: created.licence.id,
  });
  if (!caller) throw new Error('no caller');
  return { licence: created.licence, caller };
}

/** The rows of a raw query (both drivers answer `{ rows }`). */
const all = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('dataset generator', () => {
  it('sizes offers so each holds a candidate once, the pool taking a quarter from 10 offers on', () => {
    expect(applicationsPerOffer(4, 84, 60)).toHaveLength(4);
    expect(applicationsPerOffer(4, 84, 60).reduce((a, b) => a + b, 0)).toBe(84);
    const peer = applicationsPerOffer(2_000, 200_000, 150_000);
    expect(peer.reduce((a, b) => a + b, 0)).toBe(200_000);
    expect(peer[0]).toBe(50_000);
    expect(Math.max(...peer.slice(1))).toBeLessThan(50_000);
    // More applications than one offer can hold: the rest go to offers with room.
    const tight = applicationsPerOffer(3, 25, 10);
    expect(tight.reduce((a, b) => a + b, 0)).toBe(25);
    expect(Math.max(...tight)).toBeLessThanOrEqual(10);
    expect(datasetOptions({ profile: 'peer-150k' })).toMatchObject({
      candidates: 150_000,
      jobOffers: 2_000,
      applications: 200_000,
      tags: 200,
    });
  });

  it('fills a licence with exact counts, a long tail of tags, derived columns as the app keeps them, and data the read queries find', async () => {
    const { licence, caller } = await newLicence();
    const L = licence.id;
    const result = await generateDataset(database.db, L, {
      profile: 'peer-150k',
      candidates: 3_000,
      jobOffers: 40,
      applications: 4_000,
      // The profile's CVs are the --cvs test's.
      cvs: 0,
    });
    expect(result).toEqual({
      candidates: 3_000,
      jobOffers: 40,
      applications: 4_000,
      tags: 200,
      events: 0,
      cvs: 0,
      audit: 0,
    });
    const [counts] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidates where licence_id = ${L}) as candidates,
      (select count(*)::int from job_offers where licence_id = ${L}) as offers,
      (select count(*)::int from job_applications where licence_id = ${L}) as applications,
      (select count(*)::int from tags where licence_id = ${L}) as tags,
      (select count(*)::int from candidate_contacts where licence_id = ${L} and kind = 'email' and is_primary) as primary_emails,
      (select count(*)::int from candidate_contacts where licence_id = ${L} and kind = 'email'
        and value !~ '@(([a-z]+\.)?example\.(com|org|net)|[a-z0-9-]+\.example)$') as real_domains,
      (select credits_used from licences where id = ${L}) as credits_used`);
    expect(counts).toEqual({
      candidates: 3_000,
      offers: 40,
      applications: 4_000,
      tags: 200,
      primary_emails: 3_000,
      // Reserved domains only: a template sent from demo data never reaches a real mailbox.
      real_domains: 0,
      // Demo data is not the customer's work: it spends no credit.
      credits_used: 0,
    });

    // The shape of the peer's tags (150,000 candidates: the most used tag on ~35%, the median on ~0.47%,
    // 2.5 links a candidate), at a size where sampling noise stays small.
    const uses = (
      await all<{ n: number }>(sql`select count(*)::int as n from candidate_tags ct join candidates c
        on c.id = ct.candidate_id where c.licence_id = ${L} group by ct.tag_id order by 1 desc`)
    ).map((r) => r.n);
    const links = uses.reduce((a, b) => a + b, 0);
    expect(links / 3_000).toBeGreaterThan(2.3);
    expect(links / 3_000).toBeLessThan(2.7);
    expect((uses[0] ?? 0) / 3_000).toBeGreaterThan(0.3);
    expect((uses[0] ?? 0) / 3_000).toBeLessThan(0.4);
    const median = uses[Math.floor(uses.length / 2)] ?? 0;
    expect(median / 3_000).toBeGreaterThan(0.002);
    expect(median / 3_000).toBeLessThan(0.01);
    expect(uses[0]).toBeGreaterThan(20 * median);

    // Derived columns: what touchCandidates and candidateSortKey would write.
    const [derived] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidates where licence_id = ${L} and contact_text <> ${contactTextOf}) as contact_text,
      (select count(*)::int from candidates c where licence_id = ${L} and tag_ids <> coalesce(
        (select array_agg(tag_id order by tag_id) from candidate_tags ct where ct.candidate_id = c.id), '{}')) as tag_ids,
      (select count(*)::int from job_applications ja join candidates c on c.id = ja.candidate_id
        where ja.licence_id = ${L} and ja.candidate_updated_at <> c.updated_at) as candidate_updated_at,
      (select count(*)::int from candidates where licence_id = ${L} and updated_at < created_at) as updated_before_created`);
    expect(derived).toEqual({
      contact_text: 0,
      tag_ids: 0,
      candidate_updated_at: 0,
      updated_before_created: 0,
    });

    const phones = await all<{ value: string }>(
      sql`select value from candidate_contacts where licence_id = ${L} and kind = 'phone'`,
    );
    expect(phones.length).toBeGreaterThan(1_500);
    for (const { value } of phones) expect(value).toMatch(/^\+\d{1,3} \d[\d ]+\d$/);
    const [accented] = await all<{ n: number }>(
      sql`select count(*)::int as n from candidates where licence_id = ${L} and first_name ~ '[éèëïöüçñ]'`,
    );
    expect(accented?.n).toBeGreaterThan(100);

    // The read queries the routes call find it: an email its candidate, the top tag what the table counts, the
    // offers index and an offer's applications page (the server's demo test reads the demo over HTTP).
    const [someone] = await all<{ id: number; email: string; name: string }>(sql`select c.id,
      split_part(c.contact_text, ' ', 1) as email, c.first_name || ' ' || c.last_name as name
      from candidates c where c.licence_id = ${L} order by c.id desc limit 1`);
    if (!someone) throw new Error('no candidate');
    const window = { limit: 10, offset: 0 };
    const byEmail = await searchCandidates(
      database.db,
      L,
      { search: someone.email, tags: parseTagExpression([]) },
      window,
    );
    expect(byEmail.rows.map((c) => c.id)).toEqual([someone.id]);
    const byName = await searchCandidates(
      database.db,
      L,
      { search: someone.name, tags: parseTagExpression([]) },
      window,
    );
    expect(byName.rows.map((c) => c.id)).toContain(someone.id);
    const [top] = await all<{ id: number; n: number }>(sql`select tag_id as id, count(*)::int as n
      from candidate_tags ct join tags t on t.id = ct.tag_id where t.licence_id = ${L}
      group by 1 order by 2 desc limit 1`);
    const byTag = await searchCandidates(
      database.db,
      L,
      { tags: parseTagExpression([String(top?.id)]) },
      window,
    );
    expect(byTag.total).toBe(Math.min(top?.n ?? 0, CANDIDATE_COUNT_CAP));
    expect(byTag.capped).toBe((top?.n ?? 0) > CANDIDATE_COUNT_CAP);

    const offers = await listJobOffers(database.db, caller, {}, { limit: 100, offset: 0 });
    expect(offers.total).toBe(40);
    const [pool] = await all<{ id: number; n: number }>(sql`select job_offer_id as id, count(*)::int as n
      from job_applications where licence_id = ${L} group by 1 order by 2 desc limit 1`);
    expect(pool?.n).toBe(1_000);
    const page = await listOfferApplications(database.db, caller, pool?.id as number, {}, window);
    expect(page.total).toBe(1_000);
    expect(page.rows).toHaveLength(10);
  }, 120_000);

  it('seeds a licence twice without repeating an email, reusing its tags and companies', async () => {
    const { licence: l } = await newLicence();
    await generateDataset(database.db, l.id, { candidates: 300 });
    await generateDataset(database.db, l.id, { candidates: 300 });
    const [counts] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidates where licence_id = ${l.id}) as candidates,
      (select count(*)::int from tags where licence_id = ${l.id}) as tags,
      (select count(*)::int from job_offers where licence_id = ${l.id}) as offers,
      (select count(*)::int from (select lower(value) from candidate_contacts
        where licence_id = ${l.id} and kind = 'email' group by 1 having count(*) > 1) repeated) as repeated_emails`);
    expect(counts).toEqual({ candidates: 600, tags: 7, offers: 8, repeated_emails: 0 });
  });

  it('npm run dataset: the sizes asked for, more candidates than one INSERT of parameters could carry', async () => {
    const { licence: l } = await newLicence();
    const argv = [
      '--licence',
      String(l.id),
      '--candidates',
      '7000',
      '--job-offers',
      '12',
      '--applications',
      '9000',
    ];
    const out = await runDataset([...argv, '--tags', '30'], database);
    expect(out).toMatch(
      /^Generated in licence \d+: 12 job offers, 7000 candidates, 9000 applications, 30 tags, 0 events, 0 CVs in [\d.]+ s$/,
    );
    const [counts] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidates where licence_id = ${l.id}) as candidates,
      (select count(*)::int from candidate_contacts where licence_id = ${l.id} and kind = 'email' and is_primary) as emails`);
    expect(counts).toEqual({ candidates: 7000, emails: 7000 });
  }, 180_000);

  it('npm run dataset: refuses an unknown profile, a bad size or no licence, generating nothing', async () => {
    const { licence: l } = await newLicence();
    for (const argv of [
      ['--profile', 'gold'],
      ['--candidates', '-1'],
      ['--applications', 'many'],
      ['--events', '50000001'],
      ['--events', '1e6'],
      ['--colour', 'red'],
    ]) {
      await expect(
        runDataset(['--licence', String(l.id), ...argv], database),
        argv.join(' '),
      ).rejects.toThrow(FlagError);
    }
    await expect(runDataset(['--candidates', '5'], database)).rejects.toThrow('--licence');
    await expect(runDataset(['--licence', '999999'], database)).rejects.toThrow('no licence 999999');
    const [count] = await all<{ n: number }>(
      sql`select count(*)::int as n from candidates where licence_id = ${l.id}`,
    );
    expect(count?.n).toBe(0);
  });

  it('--events: exact counts, the busy candidate with its 10,000 in time order, the contract shapes, the same rows for the same seed', async () => {
    const made: { L: number; events: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const { licence } = await newLicence();
      const r = await generateDataset(database.db, licence.id, {
        profile: 'peer-150k',
        candidates: 2_000,
        jobOffers: 20,
        applications: 2_500,
        events: 30_000,
        cvs: 0,
      });
      made.push({ L: licence.id, events: r.events });
    }
    const [a, b] = made as [{ L: number; events: number }, { L: number; events: number }];
    expect(a.events).toBe(30_000);
    const [counts] = await all<Record<string, number>>(sql`select
      (select count(*)::int from candidate_events where licence_id = ${a.L}) as events,
      (select count(*)::int from candidate_events e join candidates c on c.id = e.candidate_id
        where e.licence_id = ${a.L} and c.licence_id = ${a.L}) as own_candidates,
      (select count(distinct candidate_id)::int from candidate_events where licence_id = ${a.L}) as candidates,
      (select count(*)::int from candidate_events where licence_id = ${a.L} and kind = 'created') as created,
      (select count(*)::int from candidate_events e where licence_id = ${a.L} and actor_id is distinct from
        (select min(id) from users where licence_id = ${a.L})) as other_actor`);
    expect(counts).toEqual({
      events: 30_000,
      own_candidates: 30_000,
      candidates: 2_000,
      created: 2_000,
      other_actor: 0,
    });

    // The busy candidate: 10,000 events, the first its creation, times growing with ids.
    const [busy] = await all<{
      id: number;
      n: number;
      spread: number;
      disorder: number;
      first: string;
      born: boolean;
    }>(sql`
      select e.candidate_id as id, count(*)::int as n, max(e.id) - min(e.id) + 1 - count(*)::int as spread,
        (select count(*)::int from (select created_at < lag(created_at) over (order by id) as back
          from candidate_events where candidate_id = e.candidate_id) t where back) as disorder,
        (select kind from candidate_events where candidate_id = e.candidate_id order by id limit 1) as first,
        (select min(x.created_at) = c.created_at from candidate_events x where x.candidate_id = e.candidate_id) as born
      from candidate_events e join candidates c on c.id = e.candidate_id
      where e.licence_id = ${a.L} group by e.candidate_id, c.created_at order by 2 desc limit 1`);
    expect(busy).toMatchObject({ n: 10_000, disorder: 0, first: 'created', born: true });
    // Numbered in time order across candidates, as the application writes them: others' events among its own.
    expect(busy?.spread).toBeGreaterThan(10_000);
    const [others] = await all<{ max: number; disorder: number }>(sql`select max(n)::int as max,
      (select count(*)::int from (select created_at < lag(created_at) over (partition by candidate_id order by id)
        as back from candidate_events where licence_id = ${a.L}) t where back) as disorder
      from (select count(*) as n from candidate_events where licence_id = ${a.L} and candidate_id <> ${busy?.id}
        group by candidate_id) t`);
    // 20,000 over 1,999 candidates: 5 to 15 each.
    expect(others?.max).toBeLessThanOrEqual(16);
    expect(others?.disorder).toBe(0);

    // A realistic mix, each kind's data shaped as packages/contract/src/activity.ts documents it.
    const kinds = await all<{ kind: string; n: number }>(sql`select kind, count(*)::int as n
      from candidate_events where licence_id = ${a.L} group by 1 order by 2 desc`);
    expect(kinds[0]?.kind).toBe('status_changed');
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['email_sent', 'tag_added', 'created']));
    const [shapes] = await all<Record<string, number>>(sql`select
      count(*) filter (where kind = 'status_changed' and not (data ? 'from' and data->'to' ? 'name'
        and (data->'offer'->>'id')::int = job_offer_id and data->>'via' in ('move', 'bulk', 'export', 'email')))::int as moves,
      count(*) filter (where kind = 'status_changed' and (data->'to'->>'id')::int not in
        (select id from statuses where licence_id = ${a.L}))::int as foreign_statuses,
      count(*) filter (where kind = 'email_sent' and not (data ? 'subject' and data->>'to' like '%@%'
        and job_offer_id is not null))::int as emails,
      count(*) filter (where kind like 'tag_%' and (data->'tag'->>'id')::int not in
        (select id from tags where licence_id = ${a.L}))::int as tags,
      count(*) filter (where kind = 'created' and data->>'how' not in ('form', 'import'))::int as created,
      count(*) filter (where data = '{}'::jsonb or data is null)::int as empty
      from candidate_events where licence_id = ${a.L}`);
    expect(shapes).toEqual({ moves: 0, foreign_statuses: 0, emails: 0, tags: 0, created: 0, empty: 0 });

    // The same seed, the same rows: each event as its candidate's name, kind, data (ids as names) and time.
    const rowsOf = (L: number) =>
      all<{ row: string }>(sql`select concat_ws('|', c.first_name, c.last_name, e.kind,
          jsonb_path_query_array(e.data, 'strict $.**.name'), e.data->>'subject', e.data->>'how',
          e.data->'changes', e.data->>'file', e.data->>'via', e.created_at - c.created_at) as row
        from candidate_events e join candidates c on c.id = e.candidate_id
        where e.licence_id = ${L} order by c.created_at desc, e.id`);
    const [first, second] = [await rowsOf(a.L), await rowsOf(b.L)];
    expect(second).toHaveLength(30_000);
    expect(second).toEqual(first);
  }, 180_000);

  it('--audit: a chain in time order that the server continues and `audit verify` accepts', async () => {
    const { licence } = await newLicence();
    const before = await all<{ n: number }>(
      sql`select count(*)::int as n from audit_entries where licence_id = ${licence.id}`,
    );
    expect(await generateAudit(database.db, licence.id, 30, Date.now(), 7)).toBe(30);
    await database.db.transaction((tx) =>
      recordAudit(tx, { licenceId: licence.id, actor: { kind: 'system' }, action: 'retention.run' }),
    );
    const entries = (before[0]?.n ?? 0) + 31;
    expect(await verifyChain(database.db, licence.id)).toMatchObject({ ok: true, entries, lastSeq: entries });
    const times = await all<{ at: string }>(
      sql`select created_at::text as at from audit_entries where licence_id = ${licence.id} order by seq`,
    );
    const ms = times.map((row) => Date.parse(row.at));
    expect(ms).toEqual([...ms].sort((a, b) => a - b));
  });

  it('the bench has five events a candidate unless --events says; no candidates, no events', () => {
    expect(benchDataset('postgres', {}).events).toBe(5_000_000);
    expect(benchDataset('pglite', {}).events).toBe(500_000);
    expect(benchDataset('pglite', { candidates: '1000', events: '20' }).events).toBe(20);
    expect(benchDataset('postgres', { profile: 'peer-150k' }).events).toBe(750_000);
    expect(datasetOptions({ candidates: 0, events: 100 }).events).toBe(0);
  });

  it('--cvs: CVs of about 4 kB on that many candidates, spread over the list, that "Search in CVs" finds', async () => {
    const { licence } = await newLicence();
    const r = await generateDataset(database.db, licence.id, {
      profile: 'peer-150k',
      candidates: 1_000,
      jobOffers: 10,
      applications: 500,
      cvs: 300,
    });
    expect(r.cvs).toBe(300);
    const L = licence.id;
    const [row] = await all<Record<string, number | boolean>>(sql`select
      count(*)::int as files, count(distinct candidate_id)::int as candidates,
      bool_and(is_cv and text_state = 'done' and media_type = 'application/pdf') as cvs,
      round(avg(length(text)))::int as mean_length, min(length(text))::int as shortest,
      count(*) filter (where text like '%Compétences%')::int as french,
      count(*) filter (where text_search @@ to_tsquery('vivier_en', 'kubernetes'))::int as kubernetes,
      count(*) filter (where text_search @@ to_tsquery('vivier_en', 'java'))::int as java,
      count(*) filter (where text_search @@ phraseto_tsquery('vivier_en', 'machine learning'))::int as ml,
      (select count(*)::int from candidate_files f join candidates c on c.id = f.candidate_id
        where f.licence_id = ${L} and c.licence_id = ${L} and f.text like c.first_name || ' ' || c.last_name || '%') as named
      from candidate_files where licence_id = ${L}`);
    const shape = row ?? {};
    expect(shape).toMatchObject({ files: 300, candidates: 300, cvs: true, named: 300 });
    expect(shape.mean_length).toBeGreaterThan(3_000);
    expect(shape.mean_length).toBeLessThan(5_500);
    expect(shape.shortest).toBeGreaterThan(1_500);
    // About a third in French; Java in many CVs, Kubernetes and machine learning in fewer, none in all.
    expect(shape.french).toBeGreaterThan(60);
    expect(shape.french).toBeLessThan(150);
    expect(shape.java).toBeGreaterThan(shape.kubernetes as number);
    expect(shape.kubernetes).toBeGreaterThan(5);
    expect(shape.kubernetes).toBeLessThan(200);
    expect(shape.ml).toBeGreaterThan(5);
    expect(shape.ml).toBeLessThan(200);
    // Spread over the list: among the newest and the oldest hundred candidates alike.
    const [spread] = await all<{ newest: number; oldest: number }>(sql`select
      (select count(*)::int from candidate_files where candidate_id in
        (select id from candidates where licence_id = ${L} order by id desc limit 100)) as newest,
      (select count(*)::int from candidate_files where candidate_id in
        (select id from candidates where licence_id = ${L} order by id limit 100)) as oldest`);
    expect(spread?.newest).toBeGreaterThan(15);
    expect(spread?.oldest).toBeGreaterThan(15);

    const found = await searchCandidates(
      database.db,
      L,
      { search: 'kubernetes', tags: [], inCvs: true },
      { limit: 20, offset: 0 },
    );
    expect(found.total).toBe(shape.kubernetes);
    expect(found.excerpts?.size).toBe(Math.min(20, shape.kubernetes as number));
  }, 120_000);

  it('the bench has CVs for 30% of the candidates on PostgreSQL and 20% on PGlite, 150,000 at peer-150k', () => {
    expect(benchDataset('postgres', {}).cvs).toBe(300_000);
    expect(benchDataset('pglite', {}).cvs).toBe(20_000);
    expect(benchDataset('postgres', { profile: 'peer-150k' }).cvs).toBe(150_000);
    expect(benchDataset('pglite', { candidates: '1000', cvs: '20' }).cvs).toBe(20);
    expect(datasetOptions({ candidates: 10, cvs: 100 }).cvs).toBe(10);
  });
});
