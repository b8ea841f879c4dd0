/**
 * Issue 24's erasure budgets, over HTTP as an admin erases (decision 193):
 * - `erasure: one candidate (20 applications, 50 events, 3 files)`: each candidate made first (20 offers' bulk
 *   create, 30 contacts added, 3 text files), then `POST /candidates/{id}/erase` timed alone, p95 < 500 ms;
 * - `erasure: bulk of N`: N candidates imported under one unusual last name, then erased from that search on the
 *   queue, timed from the request to the progress route saying finished, < 60 s at 10,000.
 */
import type { Fixture } from '../dataset/fixture.ts';
import type { Report } from './report.ts';
import { BUDGETS } from './scenarios.ts';
import type { Server } from './server.ts';

const ONE_RUNS = 10;
const APPLICATIONS = 20;
const CONTACTS = 30;
const FILES = 3;

type Api = (path: string, init?: RequestInit) => Promise<Response>;

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Twenty offers to put each candidate in (the dataset's, then new ones if it has fewer). */
async function twentyOffers(api: Api): Promise<number[]> {
  const page = await json<{ data: { id: number }[] }>(await api('/job_offers?per_page=20'), 'job offers');
  const ids = page.data.map((o) => o.id);
  for (let i = ids.length; i < APPLICATIONS; i++) {
    const made = await json<{ id: number }>(
      await api('/job_offers', {
        method: 'POST',
        body: JSON.stringify({ job_offer: { name: `Erasure ${i}` } }),
      }),
      'offer',
    );
    ids.push(made.id);
  }
  return ids.slice(0, APPLICATIONS);
}

/** A candidate with 20 applications, 50 events and 3 files; answers its id and the name to type. */
async function busyCandidate(api: Api, offers: number[], statusId: number, n: string) {
  const name = { first_name: 'Erasure', last_name: `Busy${n}` };
  const { id } = await json<{ id: number }>(
    await api('/candidates', { method: 'POST', body: JSON.stringify({ candidate: name }) }),
    'candidate',
  );
  for (const offer of offers) {
    await json(
      await api('/job_applications/bulk_create', {
        method: 'POST',
        body: JSON.stringify({ job_offer_id: offer, status_id: statusId, candidates_ids: [id] }),
      }),
      'application',
    );
  }
  for (let i = 0; i < CONTACTS; i++) {
    await json(
      await api(`/candidates/${id}/add_contact`, {
        method: 'PATCH',
        body: JSON.stringify({ type: 'email', value: `busy${n}.${i}@erasure.test` }),
      }),
      'contact',
    );
  }
  for (let i = 0; i < FILES; i++) {
    const form = new FormData();
    form.set(
      'file',
      new Blob([`Erasure Busy${n}\nFile ${i}: ten years of Rust.\n`], { type: 'text/plain' }),
      'cv.txt',
    );
    const res = await api(`/candidates/${id}/files`, { method: 'POST', body: form, headers: {} });
    if (!res.ok) throw new Error(`file answered ${res.status}`);
  }
  return { id, confirmation: `Erasure Busy${n}` };
}

export async function erasureScenario(
  server: Server,
  headers: Record<string, string>,
  fixture: Fixture,
  report: Report,
  bulkSize: number,
) {
  const api: Api = (p, init = {}) =>
    fetch(`${server.url}/api${p}`, {
      ...init,
      headers: {
        ...headers,
        ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const run = Date.now().toString(36);
  const statusId = fixture.statusIds[0];
  if (statusId === undefined) throw new Error('the bench licence has no status');

  const offers = await twentyOffers(api);
  const people = [];
  for (let i = 0; i < ONE_RUNS; i++) people.push(await busyCandidate(api, offers, statusId, `${run}x${i}`));
  server.resetPeak();
  await server.loopDelay();
  const durations: number[] = [];
  let errors = 0;
  let started = performance.now();
  for (const person of people) {
    const start = performance.now();
    const res = await api(`/candidates/${person.id}/erase`, {
      method: 'POST',
      body: JSON.stringify({ confirmation: person.confirmation }),
    });
    await res.arrayBuffer();
    durations.push(performance.now() - start);
    if (res.status !== 200) errors += 1;
  }
  report.record(
    `erasure: one candidate (${APPLICATIONS} applications, 50 events, ${FILES} files)`,
    1,
    durations,
    (performance.now() - started) / 1000,
    errors,
    server,
    await server.loopDelay(),
    BUDGETS.eraseOne,
  );

  // Bulk: imported under one last name, erased from that search.
  const surname = `Erasebulk${run}`;
  const lines = ['First name,Last name,Email'];
  for (let i = 0; i < bulkSize; i++) lines.push(`Person${i},${surname},bulk${i}.${run}@erasure.test`);
  const imported = await api(
    '/candidates/import?mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2',
    {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: `${lines.join('\n')}\n`,
    },
  );
  await imported.text();
  server.resetPeak();
  await server.loopDelay();
  started = performance.now();
  const erasure = await json<{ id: number; total: number }>(
    await api('/candidate_erasures', {
      method: 'POST',
      body: JSON.stringify({ filters: { search: surname.toLowerCase() }, confirmation: String(bulkSize) }),
    }),
    'bulk erasure',
  );
  let end = { finished: false, erased: 0 };
  while (!end.finished) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    end = await json(await api(`/candidate_erasures/${erasure.id}`), 'progress');
  }
  const ms = performance.now() - started;
  report.record(
    `erasure: bulk of ${bulkSize}`,
    1,
    [ms],
    ms / 1000,
    end.erased === bulkSize ? 0 : 1,
    server,
    await server.loopDelay(),
    BUDGETS.eraseBulk,
  );
}
