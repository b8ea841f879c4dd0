import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, runCli, signIn, test } from '../support/fixtures.ts';

/**
 * The jobs and candidates screens with 10,000 candidates and their applications behind them (issue 15 §6,
 * DESIGN section 6): a cold load (empty browser cache, signed in) paints its largest content within 2.5 s
 * and runs no task on the main thread longer than 200 ms.
 *
 * Both are read from the browser itself: PerformanceObserver's 'largest-contentful-paint' and 'longtask'
 * entries, reported in the output. A long task's duration is wall time, though, and on a machine whose two
 * cores other processes share it grows with their load (a task of 107 ms of work was seen lasting 1,000 ms
 * at a load of 12). So the 200 ms budget is checked on the CPU time each main-thread task took, from a
 * Chromium trace of the same load: what the page costs, not how busy the machine was (decision 122). For
 * the same reason a screen gets up to three cold loads, and the best counts.
 *
 * The rows go into a licence of their own through the operator CLI's seed, handed to the running server,
 * so the other specs, signed in to the first licence, see none of them.
 */
const LCP_BUDGET_MS = 2500;
const TASK_BUDGET_MS = 200;
const CANDIDATES = 10_000;
const EMAIL = `perf-${Date.now()}@vivier.test`;
const PASSWORD = 'performance admin password';

type Timings = { lcp: number | undefined; longTasks: number[] };
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/** Records the page's largest contentful paint and long tasks from its first byte on. */
async function observe(page: Page) {
  await page.addInitScript(() => {
    const timings: { lcp: number | undefined; longTasks: number[] } = { lcp: undefined, longTasks: [] };
    Object.assign(window, { vivierTimings: timings });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) timings.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) timings.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * A new session, signed in through the login screen in a context of its own: refresh tokens rotate, and a
 * copy used in two places signs both out.
 */
async function newSession(browser: Browser, baseURL: string): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, EMAIL, PASSWORD);
    // No token refresh on its way (access tokens live 5 s here), and the session written to storage, which
    // happens at most every 5 s (or when the page goes away, but that runs after a navigation resolves).
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      () => Object.values(localStorage).some((value) => value.includes('"jwt"')),
      undefined,
      {
        timeout: 15_000,
      },
    );
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** A signed-in page in a browser context of its own: nothing cached, as on a first visit of the day. */
async function coldPage(
  browser: Browser,
  baseURL: string,
  storageState: BrowserContextOptions['storageState'],
) {
  const context = await browser.newContext({ baseURL, storageState });
  const page = await context.newPage();
  await observe(page);
  return { page, close: () => context.close() };
}

async function timingsOf(page: Page): Promise<Timings> {
  // LCP is final once the page is quiet and nothing larger paints; a moment more lets the observer report it.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { vivierTimings: Timings }).vivierTimings);
}

/** The CPU time (ms) of the longest task on any renderer's main thread of the trace. */
function longestTaskCpu(trace: Buffer): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter((e) => e.name === 'RunTask' && mainThreads.has(`${e.pid}:${e.tid}`));
  if (tasks.length === 0) throw new Error('the trace holds no main-thread task');
  return Math.max(...tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000));
}

/** How long the job offer screen's panel may take to show the candidate `j` went to (issue 28). */
const STEP_BUDGET_MS = 100;
const STEPS = 100;

/**
 * Calls the performance licence's API with one session, refreshed before its 5 s access token runs out (a
 * sign-in per call would meet the sign-in limits).
 */
async function perfApi(baseURL: string) {
  const login = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  let pair = (await login.json()) as { jwt: string; token: string };
  let at = Date.now();
  return async (method: string, path: string, body?: unknown) => {
    if (Date.now() - at > 2_500) {
      pair = (await (await fetch(`${baseURL}/api/users/refresh/${pair.token}`)).json()) as typeof pair;
      at = Date.now();
    }
    return fetch(`${baseURL}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${pair.jwt}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
}

test.describe('web performance with 10,000 candidates', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const created = await runCli(
      'licence:create',
      '--name',
      'Performance',
      '--credits',
      String(CANDIDATES * 2),
      '--plan',
      'recurrent',
      '--period',
      'monthly',
      '--admin-email',
      EMAIL,
      '--admin-password',
      PASSWORD,
    );
    const licenceId = created.match(/Created licence (\d+)/)?.[1];
    if (!licenceId) throw new Error(`licence:create said: ${created}`);
    const startedAt = Date.now();
    const seeded = await runCli('seed', '--licence', licenceId, '--candidates', String(CANDIDATES));
    console.log(`${seeded.trim()} in ${Date.now() - startedAt} ms`);
  });

  test('the jobs (/) and candidates (/candidates) screens paint within 2.5 s with no task over 200 ms', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    for (const screen of [
      { name: 'jobs', path: '/', ready: (p: Page) => p.getByRole('article').first() },
      { name: 'candidates', path: '/candidates', ready: (p: Page) => p.getByText(/candidate\(s\)/) },
    ]) {
      const loads: { lcp: number; cpu: number }[] = [];
      const reports: string[] = [];
      // Other processes on the machine only ever add time: the best of up to three cold loads is the page's
      // own cost (a slower page makes every load slower). The first within budget ends the loop.
      while (loads.length < 3) {
        const cold = await coldPage(browser, baseURL ?? '', await newSession(browser, baseURL ?? ''));
        try {
          await browser.startTracing(cold.page, {
            categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
          });
          await cold.page.goto(screen.path);
          await expect(screen.ready(cold.page)).toBeVisible();
          const { lcp, longTasks } = await timingsOf(cold.page);
          const cpu = longestTaskCpu(await browser.stopTracing());
          loads.push({ lcp: lcp ?? Number.POSITIVE_INFINITY, cpu });
          reports.push(
            `LCP ${lcp?.toFixed(0)} ms, long tasks (wall) [${longTasks.map((d) => d.toFixed(0)).join(', ')}] ms, longest task ${cpu.toFixed(0)} ms of CPU`,
          );
        } finally {
          await cold.close();
        }
        const last = loads.at(-1);
        if (last && last.lcp < LCP_BUDGET_MS && last.cpu < TASK_BUDGET_MS) break;
      }
      const report = reports.map((line, i) => `load ${i + 1}: ${line}`).join('; ');
      testInfo.annotations.push({ type: `${screen.name} (${screen.path})`, description: report });
      console.log(`${screen.name} (${screen.path}): ${report}`);
      const best = (key: 'lcp' | 'cpu') => Math.min(...loads.map((load) => load[key]));
      expect.soft(best('lcp'), `${screen.name}: LCP (best load)`).toBeLessThan(LCP_BUDGET_MS);
      expect
        .soft(best('cpu'), `${screen.name}: longest main-thread task, CPU (best load)`)
        .toBeLessThan(TASK_BUDGET_MS);
    }
  });
  test('j walks 100 candidates of an offer of 10,000 applications, no step costing the main thread 100 ms', async ({
    browser,
    baseURL,
  }, testInfo) => {
    // The offer is filled through the API in batches of 250, each request short whatever the machine. Until
    // decision 265 a batch grew with the offer (the reports' triggers kept plans made on empty tables: 6.8 s for
    // 1,000 into an empty offer, 27.5 s into one of 8,000); since, CI's batches are flat (120 to 220 ms). The
    // timeout keeps the margin of a slow machine at the end of the full suite; the setup is not what is measured.
    test.setTimeout(420_000);
    // An offer holding all 10,000 candidates, at its first status.
    const api = await perfApi(baseURL ?? '');
    const offer = (await (
      await api('POST', '/job_offers', { job_offer: { name: 'Triage at scale' } })
    ).json()) as {
      id: number;
      summary: { statuses: { id: number; index: number }[] };
    };
    const ids: number[] = [];
    for (let page = 1; ids.length < CANDIDATES; page += 1) {
      const res = await api('GET', `/candidates/search?per_page=100&page=${page}`);
      const { data } = (await res.json()) as { data: { id: number }[] };
      if (data.length === 0) break;
      ids.push(...data.map((c) => c.id));
    }
    const first = [...offer.summary.statuses].sort((a, b) => a.index - b.index)[0];
    const batchMs: number[] = [];
    for (let i = 0; i < ids.length; i += 250) {
      const startedAt = performance.now();
      const res = await api('POST', '/job_applications/bulk_create', {
        job_offer_id: offer.id,
        status_id: first?.id,
        candidates_ids: ids.slice(i, i + 250),
      });
      expect(res.status).toBe(201);
      batchMs.push(performance.now() - startedAt);
    }
    // Whether a batch's time grows with the offer's size (decision 265), read in the run's output.
    const marks = [0, 0.25, 0.5, 0.75, 1].map(
      (at) => batchMs[Math.min(batchMs.length - 1, Math.floor(at * batchMs.length))],
    );
    console.log(
      `bulk_create batches of 250: ${marks.map((ms) => ms?.toFixed(0)).join(', ')} ms (first, quarters, last)`,
    );
    const applications = await api('GET', `/job_offers/${offer.id}/job_applications?per_page=1`);
    expect(Number(applications.headers.get('x-total-count'))).toBeGreaterThanOrEqual(CANDIDATES);

    const { page, close } = await coldPage(browser, baseURL ?? '', await newSession(browser, baseURL ?? ''));
    try {
      await page.goto(`/jobs/${offer.id}`);
      await expect(
        page.getByRole('list', { name: 'Candidates', exact: true }).getByRole('listitem'),
      ).toHaveCount(10);
      // From the key press to the panel's heading naming the next candidate, read in the page itself.
      await page.evaluate(() => {
        const times: number[] = [];
        let pressedAt = 0;
        let shown = '';
        Object.assign(window, { triageTimes: times });
        document.addEventListener(
          'keydown',
          (event) => {
            if (event.key === 'j') pressedAt = performance.now();
          },
          true,
        );
        new MutationObserver(() => {
          const heading =
            document.querySelector('section[aria-label="Candidate details"] h2')?.textContent ?? '';
          if (heading && heading !== shown) {
            shown = heading;
            if (pressedAt) times.push(performance.now() - pressedAt);
            pressedAt = 0;
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      for (let step = 1; step <= STEPS; step += 1) {
        // A recruiter reads a candidate before the next: the prefetch of the next one has had its time.
        await page.waitForLoadState('networkidle');
        await page.keyboard.press('j');
        await page.waitForFunction(
          (n) => (window as unknown as { triageTimes: number[] }).triageTimes.length >= n,
          step,
        );
      }
      const trace = await browser.stopTracing();
      const cpu = longestTaskCpu(trace);
      const times = await page.evaluate(() => (window as unknown as { triageTimes: number[] }).triageTimes);
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? Number.POSITIVE_INFINITY;
      const report = `j over ${times.length} candidates (10 pages), wall: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms; longest main-thread task ${cpu.toFixed(0)} ms of CPU`;
      console.log(report);
      testInfo.annotations.push({ type: 'keyboard triage', description: report });
      expect(new URL(page.url()).searchParams.get('page')).toBe('10');
      // Wall time on a shared machine grows with its load (decision 122): the budget is held on the CPU time of
      // the longest main-thread task of the walk (a step is one task once its candidate was fetched ahead), and
      // the wall times are reported.
      expect(cpu, 'longest main-thread task of the walk, CPU').toBeLessThan(STEP_BUDGET_MS);
    } finally {
      await close();
    }
  });
});
