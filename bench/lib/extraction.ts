/**
 * Issue 22's extraction budget (decision 186): 100 PDF CVs of two pages uploaded to one candidate, timed from
 * the first upload until the list says every text is read ('done'), on the server's reading threads. The row's
 * p95 is that whole time (one measurement); its 'loop max ms' is the server thread's longest stall meanwhile
 * (monitorEventLoopDelay, bench/lib/loop-monitor.ts), which the reading threads must keep under 50 ms.
 */
import { COMPANIES, FIRST_NAMES, LAST_NAMES, pdfOf, TITLES } from '../../apps/server/src/bench-entry.ts';
import type { Report } from './report.ts';
import { BUDGETS } from './scenarios.ts';
import type { Server } from './server.ts';

const FILES = 100;
const LINES_PER_PAGE = 45;

/** A CV of two pages of about 2 kB of words each, different for each `i`. */
function cvPages(i: number): string[][] {
  const pick = <T>(list: readonly T[], n: number) => list[(i * 7 + n * 13) % list.length] as T;
  const line = (n: number) =>
    `${pick(TITLES, n)} at ${pick(COMPANIES, n + 1)}, with ${pick(FIRST_NAMES, n + 2)} ${pick(LAST_NAMES, n + 3)}: delivery, planning and reviews (${i}.${n})`;
  // pdf-lib's standard fonts write WinAnsi only: the names' other letters lose their accents.
  const winAnsi = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '-');
  return [0, 1].map((page) =>
    Array.from({ length: LINES_PER_PAGE }, (_, n) => winAnsi(line(page * LINES_PER_PAGE + n))),
  );
}

export async function extractionScenario(run: {
  server: Server;
  headers: Record<string, string>;
  report: Pick<Report, 'record'>;
}) {
  const { server, headers } = run;
  const created = await fetch(`${server.url}/api/candidates`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ candidate: { first_name: 'Bench', last_name: `Extraction ${Date.now()}` } }),
  });
  if (!created.ok)
    throw new Error(`creating the candidate answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  const pdfs = await Promise.all(Array.from({ length: FILES }, (_, i) => pdfOf(cvPages(i))));
  console.log(
    `  extraction: ${FILES} PDFs of 2 pages, ${Math.round((pdfs[0]?.length ?? 0) / 1024)} kB the first`,
  );

  server.resetPeak();
  await server.loopDelay();
  const started = performance.now();
  let errors = 0;
  // Four uploads at a time, as a person dropping a folder of CVs would send them.
  for (let i = 0; i < FILES; i += 4) {
    const answers = await Promise.all(
      pdfs.slice(i, i + 4).map((pdf, j) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `cv-${i + j}.pdf`);
        return fetch(`${server.url}/api/candidates/${id}/files`, { method: 'POST', headers, body: form });
      }),
    );
    errors += answers.filter((res) => res.status !== 201).length;
    await Promise.all(answers.map((res) => res.arrayBuffer()));
  }
  const uploaded = performance.now();
  let states: string[] = [];
  while (performance.now() - started < 120_000) {
    const list = await fetch(`${server.url}/api/candidates/${id}/files`, { headers });
    states = ((await list.json()) as { data: { text_state: string }[] }).data.map((f) => f.text_state);
    if (!states.includes('pending')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  errors += states.filter((state) => state !== 'done').length;
  console.log(
    `  extraction: uploads took ${((uploaded - started) / 1000).toFixed(1)} s, all read after ${seconds.toFixed(1)} s; ${states.filter((s) => s === 'done').length} done`,
  );
  run.report.record(
    `extraction: ${FILES} PDF CVs of 2 pages, upload to all read`,
    FILES,
    [seconds * 1000],
    seconds,
    errors,
    server,
    await server.loopDelay(),
    BUDGETS.extraction,
  );
}
