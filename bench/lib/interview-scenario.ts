/**
 * Interviews (issue 27, decision 202): scheduling one interview (the interview, its interviewers, the timeline
 * event and the queued invitation and reminder jobs, one transaction) one at a time, then the week view of the
 * 500 interviews just scheduled into one week. Budgets: scheduling p95 < 50 ms, the week view p95 < 30 ms.
 */

import type { Report } from './report.ts';
import { BUDGETS } from './scenarios.ts';
import type { Server } from './server.ts';

const WEEK_SIZE = 500;
const WEEK_READS = 200;

export async function interviewScenario(
  server: Server,
  headers: Record<string, string>,
  bigOfferId: number,
  report: Report,
) {
  const json = { ...headers, 'content-type': 'application/json' };
  const me = (await (await fetch(`${server.url}/api/users/me`, { headers })).json()) as { id: number };
  const page = await fetch(`${server.url}/api/job_offers/${bigOfferId}/job_applications?per_page=100`, {
    headers,
  });
  const applications = ((await page.json()) as { data: { id: number }[] }).data.map((a) => a.id);
  if (applications.length === 0) throw new Error('no application to interview');
  // A week far ahead, so no reminder is due while the bench runs; 500 interviews over its five working days.
  const monday = new Date(Date.UTC(2031, 0, 6));
  const durations: number[] = [];
  let errors = 0;
  server.resetPeak();
  await server.loopDelay();
  const started = performance.now();
  for (let i = 0; i < WEEK_SIZE; i++) {
    const day = new Date(monday.getTime() + (i % 5) * 86_400_000).toISOString().slice(0, 10);
    const minutes = 8 * 60 + ((i * 7) % (9 * 60));
    const body = {
      date: day,
      start_time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      duration_minutes: 45,
      time_zone: 'Europe/Paris',
      candidate_time_zone: 'Europe/London',
      kind: 'video',
      location: 'https://meet.example.test/bench',
      interviewer_ids: [me.id],
    };
    const start = performance.now();
    const res = await fetch(
      `${server.url}/api/job_applications/${applications[i % applications.length]}/interviews`,
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      },
    );
    await res.arrayBuffer();
    durations.push(performance.now() - start);
    if (res.status !== 201) errors += 1;
  }
  const loop = await server.loopDelay();
  report.record(
    'interviews: schedule one (events and queued mails)',
    1,
    durations,
    (performance.now() - started) / 1000,
    errors,
    server,
    loop,
    BUDGETS.interviewSchedule,
  );

  // The 500 invitations (and their mails) leave on the server's queue: the week view is read once they are out,
  // when a second of the server's event loop stays under 50 ms of delay (at most a minute).
  await server.loopDelay();
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if ((await server.loopDelay()).maxMs < 50) break;
  }
  const url = `${server.url}/api/interviews?from=${monday.toISOString()}&to=${new Date(monday.getTime() + 7 * 86_400_000).toISOString()}`;
  const reads: number[] = [];
  let readErrors = 0;
  let count = 0;
  server.resetPeak();
  await server.loopDelay();
  const readStarted = performance.now();
  for (let i = 0; i < WEEK_READS; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { data: unknown[] };
    reads.push(performance.now() - start);
    if (res.status !== 200) readErrors += 1;
    count = body.data.length;
  }
  report.record(
    `interviews: week view of ${count}`,
    1,
    reads,
    (performance.now() - readStarted) / 1000,
    readErrors,
    server,
    await server.loopDelay(),
    BUDGETS.interviewWeek,
  );
}
