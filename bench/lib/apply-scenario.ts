/**
 * Issue 23's apply budgets, over HTTP as a visitor's browser sends the form (multipart, a small text CV):
 * - `careers: apply (one at a time)`: 60 applications of new people in turn to one offer, p95 < 150 ms;
 * - `careers: 100 parallel applications to one offer`: 100 new people at once; every answer a 303, and the offer
 *   then holds exactly 100 more applications and the licence 100 more candidates (none twice, none lost).
 * The server runs with the apply form's per-address guards opened (bench/run.ts): one address sends them all.
 */
import type { Fixture } from '../dataset/fixture.ts';
import type { Report } from './report.ts';
import { BUDGETS } from './scenarios.ts';
import type { Server } from './server.ts';

const SEQUENTIAL = 60;
const PARALLEL = 100;

type Api = (path: string) => Promise<Response>;

/** The first published offer of the bench site: its page's path, its form's token and its id. */
async function benchOffer(server: Server, slug: string, api: Api) {
  const list = await (await fetch(`${server.url}/careers/${slug}`)).text();
  const path = /href="(\/careers\/[^"?]+\/jobs\/[^"?]+)"/.exec(list)?.[1];
  if (!path) throw new Error('the bench careers site lists no offer');
  const page = await (await fetch(`${server.url}${path}`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error('the offer page has no apply form');
  const publicSlug = decodeURIComponent(path.split('/').pop() ?? '');
  // The bench publishes offers as `offer-{id}` (bench/dataset/careers.ts).
  const id = Number(publicSlug.replace(/^offer-/, ''));
  if (!Number.isInteger(id) || (await api(`/job_offers/${id}`)).status !== 200) {
    throw new Error(`no job offer behind ${path}`);
  }
  return { path, token, id };
}

async function applicationsOf(api: Api, offerId: number) {
  const res = await api(`/job_offers/${offerId}/job_applications?per_page=1`);
  return ((await res.json()) as { total_count: number }).total_count;
}

/** How many candidates of the licence have an email with `part` (the search counts exactly under 1,000). */
async function candidatesMatching(api: Api, part: string) {
  const res = await api(`/candidates/search?per_page=1&page=1&filters[search]=${encodeURIComponent(part)}`);
  return ((await res.json()) as { total_count: number }).total_count;
}

export async function applyScenario(
  server: Server,
  headers: Record<string, string>,
  fixture: Fixture,
  report: Report,
) {
  if (!fixture.careers) return;
  const api: Api = (p) => fetch(`${server.url}/api${p}`, { headers });
  const offer = await benchOffer(server, fixture.careers.slug, api);
  const run = Date.now().toString(36);
  const cv = new Blob(['Bench applicant\nTen years of TypeScript and PostgreSQL.\n'], { type: 'text/plain' });

  const apply = async (email: string) => {
    const form = new FormData();
    form.set('form_token', offer.token);
    form.set('source', 'bench');
    form.set('website', '');
    form.set('altcha', '');
    form.set('first_name', 'Bench');
    form.set('last_name', 'Applicant');
    form.set('email', email);
    form.set('phone', '+33 6 00 00 00 00');
    form.set('cv', cv, 'cv.txt');
    form.set('consent', 'yes');
    const start = performance.now();
    const res = await fetch(`${server.url}${offer.path}/apply`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    await res.arrayBuffer();
    return { ms: performance.now() - start, ok: res.status === 303 };
  };

  // One at a time.
  server.resetPeak();
  await server.loopDelay();
  const durations: number[] = [];
  let errors = 0;
  let started = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const { ms, ok } = await apply(`apply-${run}-${i}@bench.test`);
    durations.push(ms);
    if (!ok) errors += 1;
  }
  report.record(
    'careers: apply (one at a time)',
    1,
    durations,
    (performance.now() - started) / 1000,
    errors,
    server,
    await server.loopDelay(),
    BUDGETS.apply,
  );

  // A hundred at once: each a new person; then the counts must have grown by exactly a hundred.
  const applicationsBefore = await applicationsOf(api, offer.id);
  server.resetPeak();
  await server.loopDelay();
  started = performance.now();
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => apply(`parallel-${run}-${i}@bench.test`)),
  );
  const seconds = (performance.now() - started) / 1000;
  const added = (await applicationsOf(api, offer.id)) - applicationsBefore;
  const people = await candidatesMatching(api, `parallel-${run}-`);
  const failed = results.filter((r) => !r.ok).length;
  if (added !== PARALLEL || people !== PARALLEL) {
    console.log(`  100 parallel applications: ${added} applications and ${people} candidates added`);
  }
  report.record(
    `careers: ${PARALLEL} parallel applications to one offer`,
    PARALLEL,
    results.map((r) => r.ms),
    seconds,
    failed + Math.abs(PARALLEL - added) + Math.abs(PARALLEL - people),
    server,
    await server.loopDelay(),
  );
}
