/**
 * Issue 22's memory budget: an upload of a 10 MB file to a candidate grows the server's memory by less than
 * 30 MB, its bytes streamed to the store (disk or an S3 bucket, decisions 184 and 187), never held whole.
 * The growth of an upload is the peak RSS (VmHWM, reset first) above the RSS the server had before it; the row
 * gives the largest of five. (Over five in a row the RSS also creeps up by the garbage V8 has not handed back
 * yet, a few MB each: measured whole it read 37 MB on disk, and a 50 or 100 MB file grew it by no more than a
 * 10 MB one, which is what streaming means.)
 */
import type { Report } from './report.ts';
import { BUDGETS } from './scenarios.ts';
import type { Server } from './server.ts';

const FILE_BYTES = 10 * 1024 * 1024;
const UPLOADS = 5;

/** Five 10 MB text CVs uploaded in turn to one candidate (each deleted after), recorded as `upload … (store)`. */
export async function uploadScenario(
  server: Server,
  headers: Record<string, string>,
  report: Report,
  store: 'disk' | 'S3',
) {
  const api = `${server.url}/api`;
  const found = await fetch(`${api}/candidates/search?per_page=1&page=1`, { headers });
  const candidateId = ((await found.json()) as { data: { id: number }[] }).data[0]?.id;
  if (candidateId === undefined) throw new Error('the dataset has no candidate to upload to');
  // Text lines: a CV the server takes as text/plain (valid UTF-8, no markup).
  const line = 'Senior engineer, ten years of distributed systems, Lyon and Paris.\n';
  const file = new Blob([Buffer.alloc(FILE_BYTES, line)]);

  await server.loopDelay();
  const durations: number[] = [];
  let errors = 0;
  let growth = 0;
  let seconds = 0;
  for (let i = 0; i < UPLOADS; i++) {
    const form = new FormData();
    form.set('file', file, `cv-${i}.txt`);
    // Settle first: the growth is the upload's, not what the one before left to collect.
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.resetPeak();
    const before = server.rssMb();
    const start = performance.now();
    const res = await fetch(`${api}/candidates/${candidateId}/files`, {
      method: 'POST',
      headers,
      body: form,
    });
    durations.push(performance.now() - start);
    seconds += (performance.now() - start) / 1000;
    const body = (await res.json()) as { id?: number; size?: number };
    growth = Math.max(growth, server.peakRssMb() - before);
    if (res.status !== 201 || body.size !== FILE_BYTES) errors += 1;
    else {
      const removed = await fetch(`${api}/candidates/${candidateId}/files/${body.id}`, {
        method: 'DELETE',
        headers,
      });
      if (removed.status !== 204) errors += 1;
    }
  }
  report.record(
    `upload of a 10 MB file (${store})`,
    1,
    durations,
    seconds,
    errors,
    server,
    await server.loopDelay(),
    BUDGETS.upload,
    undefined,
    growth,
  );
}
