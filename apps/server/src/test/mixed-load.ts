import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import { createLicence, createUser } from '../modules/licence/provision.ts';

/**
 * A mixed read and write load on a real server (issue 14 §8), shared by `security/load.postgres.test.ts` (in
 * `npm test`, 20 s) and `bench/load.ts` (60 s): a few hundred concurrent people searching candidates, paging
 * job offers and their pipelines, moving candidates one by one and by status, tagging and untagging, and
 * adding candidates. Then `consistencyProblems` checks that what the summaries say equals the rows.
 */
export const LOAD = {
  candidates: 5_000,
  offers: 10,
  /** Applications per offer: candidates i·500 … i·500+499 are in offer i. */
  perOffer: 500,
  tags: 20,
  /** Tags the load attaches and deletes (issue 18 section 5: a deletion racing an attach). */
  doomedTags: 200,
  /** Candidates one send writes to. */
  perSend: 5,
  admins: 3,
  password: 'mixed load password',
};

export type LoadFixture = {
  licenceId: number;
  admins: string[];
  offers: number[];
  statuses: number[];
  tags: number[];
  doomedTags: number[];
  emailTemplateId: number;
  candidateIds: { first: number; count: number };
  applicationIds: number[];
};

/** One licence with three admins, 5,000 candidates (an email each, some tags) and 10 offers of 500. */
export async function seedLoadLicence(db: Db): Promise<LoadFixture> {
  const admin = (n: number) => `admin${n}@load.test`;
  const { licence, statuses } = await createLicence(db, {
    name: 'Load licence',
    creditsMax: 1_000_000,
    planType: 'demo',
    admin: { email: admin(1), password: LOAD.password, firstName: 'Load', lastName: 'Admin' },
  });
  const L = licence.id;
  for (let n = 2; n <= LOAD.admins; n++) {
    await createUser(db, L, { email: admin(n), password: LOAD.password, role: 'admin', firstName: 'Load' });
  }
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run(
    `insert into tags (licence_id, name) select ${L}, 'tag-' || g from generate_series(1, ${LOAD.tags}) g`,
  );
  await run(`insert into tags (licence_id, name)
    select ${L}, 'doomed-' || g from generate_series(1, ${LOAD.doomedTags}) g`);
  await run(`insert into email_templates (licence_id, name, subject, content)
    values (${L}, 'Load template', 'Hello {{candidate.first_name}}', '<p>Hello {{candidate.first_name}}</p>')`);
  // Sending moves the recipients to the second status (decision 082), a status move of its own.
  await run(`update settings set value = (select id::text from statuses where licence_id = ${L} order by index
    offset 1 limit 1) where licence_id = ${L} and name = 'contacted_status'`);
  await run(`insert into job_offers (licence_id, name, created_at)
    select ${L}, 'Load offer ' || g, now() - g * interval '1 hour' from generate_series(1, ${LOAD.offers}) g`);
  await run(`insert into candidates (licence_id, first_name, last_name, details, updated_at)
    select ${L}, (array['Ada','Alan','Grace','Linus','Margaret','Ken','Barbara','Dennis'])[g % 8 + 1],
      'Load' || g, jsonb_build_object('title', (array['Backend developer','Data engineer','Designer'])[g % 3 + 1]),
      now() - g * interval '1 minute'
    from generate_series(1, ${LOAD.candidates}) g`);
  await run(`insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
    select ${L}, id, 'email', 'person' || id || '@load.test', true from candidates where licence_id = ${L}`);
  await run(`update candidates set contact_text = 'person' || id || '@load.test' where licence_id = ${L}`);
  // Every third candidate has one tag, in candidate_tags and its mirror tag_ids.
  await run(`insert into candidate_tags (candidate_id, tag_id)
    select c.id, t.first + c.id % ${LOAD.tags} from candidates c,
      (select min(id) as first from tags where licence_id = ${L}) t
    where c.licence_id = ${L} and c.id % 3 = 0`);
  await run(`update candidates c set tag_ids = array[t.first + c.id % ${LOAD.tags}]
    from (select min(id) as first from tags where licence_id = ${L}) t where c.licence_id = ${L} and c.id % 3 = 0`);
  await run(`with offers as (select array_agg(id order by id) as ids from job_offers where licence_id = ${L}),
         people as (select array_agg(id order by id) as ids from candidates where licence_id = ${L}),
         pipeline as (select array_agg(id order by index) as ids from statuses where licence_id = ${L})
    insert into job_applications (licence_id, candidate_id, job_offer_id, status_id)
    select ${L}, people.ids[g + 1], offers.ids[g / ${LOAD.perOffer} + 1], pipeline.ids[g % 4 + 1]
    from generate_series(0, ${LOAD.offers * LOAD.perOffer - 1}) g, offers, people, pipeline`);
  await run(`update job_applications ja set candidate_updated_at = c.updated_at
    from candidates c where c.id = ja.candidate_id and ja.licence_id = ${L}`);
  await run('analyze');
  const ids = async (query: ReturnType<typeof sql>) =>
    (await rawRows<{ id: number }>(db, query)).map((r) => Number(r.id));
  const candidateIds = await ids(sql`select id from candidates where licence_id = ${L} order by id`);
  return {
    licenceId: L,
    admins: Array.from({ length: LOAD.admins }, (_, i) => admin(i + 1)),
    offers: await ids(sql`select id from job_offers where licence_id = ${L} order by id`),
    statuses: statuses.map((s) => s.id),
    tags: await ids(sql`select id from tags where licence_id = ${L} and name like 'tag-%' order by id`),
    doomedTags: await ids(
      sql`select id from tags where licence_id = ${L} and name like 'doomed-%' order by id`,
    ),
    emailTemplateId: Number((await ids(sql`select id from email_templates where licence_id = ${L}`))[0]),
    candidateIds: { first: Number(candidateIds[0]), count: candidateIds.length },
    applicationIds: await ids(sql`select id from job_applications where licence_id = ${L} order by id`),
  };
}

type Operation = {
  name: string;
  weight: number;
  request: (pick: Picker) => { method: string; path: string; body?: unknown };
};

type Picker = { int(n: number): number; of<T>(list: readonly T[]): T; candidate(): number; serial(): number };

/**
 * Answers an operation may get besides 2xx: a doomed tag may be gone when it is attached, or deleted twice
 * once the load has deleted them all. Anything else at 300 or above fails the load test.
 */
export const LOAD_MAY_ANSWER: Record<string, number[]> = {
  'attach a doomed tag': [404],
  'delete a tag': [404],
};

/** Candidates `count` in a row of offer `index` (candidates i·500 … i·500+499 are in offer i). */
const ofOffer = (f: LoadFixture, p: Picker, index: number, count: number) => {
  const start = f.candidateIds.first + index * LOAD.perOffer + p.int(LOAD.perOffer - count);
  return Array.from({ length: count }, (_, i) => start + i);
};

/** Why, on every move: a new licence's 'Rejected' asks for it (decision 228); other statuses ignore it. */
const WHY = { text: 'Moved by the load test' };

const OPERATIONS: (fixture: LoadFixture) => Operation[] = (f) => {
  let doomed = 0;
  return [
    {
      name: 'search candidates',
      weight: 18,
      request: (p) => ({
        method: 'GET',
        path: `/api/candidates/search?per_page=20&filters[search]=${p.of(['ada', 'grace', 'load1', 'data', 'person4', 'linus'])}`,
      }),
    },
    {
      name: 'list job offers',
      weight: 10,
      request: () => ({ method: 'GET', path: '/api/job_offers?per_page=20' }),
    },
    {
      name: 'applications page',
      weight: 20,
      request: (p) => ({
        method: 'GET',
        path: `/api/job_offers/${p.of(f.offers)}/job_applications?page=${p.int(25) + 1}&per_page=20&embed[]=candidate&embed[]=status`,
      }),
    },
    {
      name: 'move one',
      weight: 18,
      request: (p) => ({
        method: 'PATCH',
        path: `/api/job_applications/${p.of(f.applicationIds)}`,
        body: { status_id: p.of(f.statuses), rejection: WHY },
      }),
    },
    {
      name: 'move a status',
      weight: 2,
      request: (p) => ({
        method: 'PATCH',
        path: `/api/job_offers/${p.of(f.offers)}/job_applications?filters[with_status_id]=${p.of(f.statuses)}`,
        body: { status_id: p.of(f.statuses), rejection: WHY },
      }),
    },
    {
      name: 'add a tag',
      weight: 12,
      request: (p) => ({ method: 'POST', path: `/api/candidates/${p.candidate()}/tags/${p.of(f.tags)}` }),
    },
    {
      name: 'remove a tag',
      weight: 12,
      request: (p) => ({ method: 'DELETE', path: `/api/candidates/${p.candidate()}/tags/${p.of(f.tags)}` }),
    },
    {
      name: 'create a candidate',
      weight: 8,
      request: (p) => {
        const n = p.serial();
        return {
          method: 'POST',
          path: '/api/candidates',
          body: { candidate: { first_name: 'New', last_name: `Person ${n}`, emails: [`new${n}@load.test`] } },
        };
      },
    },
    {
      name: 'export status change',
      weight: 2,
      request: (p) => {
        const [to, ...from] = [...f.statuses].sort(() => p.int(3) - 1);
        return {
          method: 'POST',
          path: `/api/job_offers/${p.of(f.offers)}/export/status_change`,
          body: { status_id: to, statuses: from.slice(0, 2), rejection: WHY },
        };
      },
    },
    {
      name: 'send emails',
      weight: 3,
      request: (p) => {
        const index = p.int(f.offers.length);
        return {
          method: 'POST',
          path: `/api/job_offers/${f.offers[index]}/emails`,
          body: { email_template_id: f.emailTemplateId, candidate_ids: ofOffer(f, p, index, LOAD.perSend) },
        };
      },
    },
    {
      name: 'attach a doomed tag',
      weight: 6,
      request: (p) => ({
        method: 'POST',
        path: `/api/candidates/${p.candidate()}/tags/${p.of(f.doomedTags)}`,
      }),
    },
    {
      name: 'delete a tag',
      weight: 1,
      request: () => ({
        method: 'DELETE',
        path: `/api/tags/${f.doomedTags[doomed++ % f.doomedTags.length]}`,
      }),
    },
  ];
};

export type OperationReport = {
  count: number;
  statuses: Record<number, number>;
  errors: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

export type LoadReport = {
  seconds: number;
  clients: number;
  requests: number;
  perSecond: number;
  operations: Record<string, OperationReport>;
  /** 201s of 'create a candidate': each one spent a credit. */
  created: number;
};

/** The operation a roll in [0, total weight) lands on. */
function weighted(operations: Operation[], roll: number): Operation {
  let rest = roll;
  for (const operation of operations) {
    if (rest < operation.weight) return operation;
    rest -= operation.weight;
  }
  return operations[operations.length - 1] as Operation;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** A small deterministic generator per client, so a run is repeatable in what it asks. */
function picker(seed: number, fixture: LoadFixture, serial: () => number): Picker {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    of: <T>(list: readonly T[]) => list[int(list.length)] as T,
    candidate: () => fixture.candidateIds.first + int(fixture.candidateIds.count),
    serial,
  };
}

/**
 * Runs `clients` loops against `url` for `seconds`, each signed in as one of `tokens`, each request waiting
 * for the previous answer (a person, not a flood). With `minRequests`, the loops go on past `seconds` until that
 * many requests were made (at most three times as long): the load a test asks for does not depend on how busy
 * the machine is. Answers what each operation got.
 */
export async function runMixedLoad({
  url,
  tokens,
  fixture,
  clients,
  seconds,
  minRequests = 0,
}: {
  url: string;
  tokens: string[];
  fixture: LoadFixture;
  clients: number;
  seconds: number;
  minRequests?: number;
}): Promise<LoadReport> {
  const operations = OPERATIONS(fixture);
  const totalWeight = operations.reduce((sum, o) => sum + o.weight, 0);
  const latencies = new Map<string, number[]>(operations.map((o) => [o.name, []]));
  const reports: Record<string, OperationReport> = Object.fromEntries(
    operations.map((o) => [o.name, { count: 0, statuses: {}, errors: {}, p50: 0, p95: 0, p99: 0, max: 0 }]),
  );
  let serial = 0;
  let created = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const lastDeadline = started + seconds * 3000;
  let made = 0;
  const goOn = () => {
    const now = performance.now();
    return now < deadline || (made < minRequests && now < lastDeadline);
  };
  const client = async (n: number) => {
    const pick = picker(n * 7919 + 1, fixture, () => ++serial);
    const authorization = `Bearer ${tokens[n % tokens.length]}`;
    while (goOn()) {
      made += 1;
      const operation = weighted(operations, pick.int(totalWeight));
      const { method, path, body } = operation.request(pick);
      const report = reports[operation.name] as OperationReport;
      const began = performance.now();
      try {
        const res = await fetch(`${url}${path}`, {
          method,
          headers:
            body === undefined ? { authorization } : { authorization, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        await res.arrayBuffer();
        report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
        if (operation.name === 'create a candidate' && res.status === 201) created += 1;
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        report.errors[code] = (report.errors[code] ?? 0) + 1;
      }
      report.count += 1;
      latencies.get(operation.name)?.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  const elapsed = (performance.now() - started) / 1000;
  for (const [name, times] of latencies) {
    const sorted = times.sort((a, b) => a - b);
    Object.assign(reports[name] as OperationReport, {
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      p99: Math.round(percentile(sorted, 99)),
      max: Math.round(sorted.at(-1) ?? 0),
    });
  }
  const requests = Object.values(reports).reduce((sum, r) => sum + r.count, 0);
  return {
    seconds: elapsed,
    clients,
    requests,
    perSecond: Math.round(requests / elapsed),
    operations: reports,
    created,
  };
}

/**
 * What the data says after the load, as SQL sees it: each line a broken invariant (none expected). Summaries,
 * candidate counts and credits are compared with the API by the caller; these are the mirrors the writes keep.
 */
export async function consistencyProblems(db: Db, fixture: LoadFixture, created: number): Promise<string[]> {
  const L = fixture.licenceId;
  const [row] = await rawRows<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from candidates where licence_id = ${L}) as candidates,
      (select credits_used from licences where id = ${L}) as credits_used,
      (select coalesce(sum(amount), 0)::int from credit_events where licence_id = ${L}) as credit_events,
      (select count(*)::int from job_applications where licence_id = ${L}) as applications,
      (select count(*)::int from candidates c where c.licence_id = ${L}
         and array(select t from unnest(c.tag_ids) t order by t)
           <> array(select ct.tag_id from candidate_tags ct where ct.candidate_id = c.id order by ct.tag_id))
        as tag_mirrors,
      (select count(*)::int from candidates c where c.licence_id = ${L} and exists
         (select 1 from unnest(c.tag_ids) t where not exists (select 1 from tags where tags.id = t)))
        as dangling_tags,
      (select count(*)::int from job_applications ja join candidates c on c.id = ja.candidate_id
         where ja.licence_id = ${L} and ja.candidate_updated_at <> c.updated_at) as sort_keys,
      (select count(*)::int from candidates c where c.licence_id = ${L} and not exists
         (select 1 from candidate_contacts cc where cc.candidate_id = c.id and cc.kind = 'email')) as without_email`,
  );
  if (!row) return ['no answer'];
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) problems.push(`${what}: ${actual}, expected ${expected}`);
  };
  expect('candidates', row.candidates, fixture.candidateIds.count + created);
  expect('credits used', row.credits_used, created);
  expect('credit events', row.credit_events, created);
  expect('applications', row.applications, LOAD.offers * LOAD.perOffer);
  expect('candidates whose tag_ids differ from their candidate_tags', row.tag_mirrors, 0);
  expect('candidates whose tag_ids name a deleted tag', row.dangling_tags, 0);
  expect("applications whose candidate_updated_at differs from their candidate's", row.sort_keys, 0);
  expect('candidates without an email', row.without_email, 0);
  return problems;
}

/**
 * Waits until the durable queue has finished the load's sends: they answer 202 and move their recipients to the
 * contacted status afterwards, so data read while they run is a moving target. Throws after `timeoutMs`.
 */
export async function sendsSettled(db: Db, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pending] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from jobs where kind = 'email.send' and state in ('queued', 'running')`,
    );
    if (Number(pending?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`the load's sends did not end within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
