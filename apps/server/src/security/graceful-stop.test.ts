import net from 'node:net';
import { ErrorBody } from '@vivier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, signIn, withServerProcess } from '../test/process-suite.ts';

/**
 * SIGTERM under load (issue 14 §7): what a rolling deploy does to a running instance. While 30 clients keep
 * requests coming, the server is sent SIGTERM. What must hold (docs/SECURITY.md §7, decision 115):
 * - every request the server had begun before the signal finishes, with its 2xx, and reaches its client;
 * - the listener closes at once: a new connection is refused, which a load balancer retries on another
 *   instance whatever the method (nothing was sent);
 * - a request that still arrives on an open connection is answered 503 with the contract's error body,
 *   Retry-After and `Connection: close`, never run;
 * - the process exits with code 0 within 10 s.
 * "Begun" is read from the server's own request log; one request is held in flight on purpose (its headers
 * sent, its body not yet) with a second one pipelined behind it on the same connection.
 */
const CLIENTS = 30;
const ADMIN = { email: 'admin@stop.test', password: 'graceful stop password' };

const processes = withServerProcess('stop');
let server: ServerProcess;
let jwt: string;
let offerId: number;
let applicationIds: number[];
let statusIds: number[];

beforeAll(async () => {
  server = await processes.start({
    keepLogs: true,
    env: { VIVIER_ADMIN_EMAIL: ADMIN.email, VIVIER_ADMIN_PASSWORD: ADMIN.password, VIVIER_DEMO: '1' },
  });
  const api = await signIn(server.url, ADMIN.email, ADMIN.password);
  jwt = api.jwt;
  const offers = (await api.call('GET', '/api/job_offers')).body as { data: { id: number }[] };
  offerId = Number(offers.data[0]?.id);
  const page = (await api.call('GET', `/api/job_offers/${offerId}/job_applications?per_page=20`)).body as {
    data: { id: number }[];
  };
  applicationIds = page.data.map((a) => a.id);
  statusIds = ((await api.call('GET', '/api/statuses')).body as { data: { id: number }[] }).data.map(
    (s) => s.id,
  );
}, 120_000);

type Outcome = {
  startedAt: number;
  endedAt: number;
  status?: number;
  retryAfter?: string | null;
  body?: unknown;
  error?: string;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: T[], n: number) => list[n % list.length] as T;

/** The code of a failed fetch: ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET… */
function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as Error).message;
}

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** Reads HTTP/1.1 responses (with Content-Length) off a raw socket until the server closes it. */
function readResponses(socket: net.Socket): Promise<RawResponse[]> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0);
    const responses: RawResponse[] = [];
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const [statusLine = '', ...headerLines] = buffer.subarray(0, end).toString().split('\r\n');
        const headers = Object.fromEntries(
          headerLines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length < end + 4 + length) return;
        responses.push({
          status: Number(statusLine.split(' ')[1]),
          headers,
          body: buffer.subarray(end + 4, end + 4 + length).toString(),
        });
        buffer = buffer.subarray(end + 4 + length);
      }
    });
    socket.on('close', () => resolve(responses));
    socket.on('error', () => {});
  });
}

describe('SIGTERM under load', () => {
  it('finishes the requests in flight, refuses new work, and exits 0 within 10 s', async () => {
    const { hostname, port } = new URL(server.url);
    const headers = { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/job_offers?per_page=10'],
      ['GET', `/api/job_offers/${offerId}/job_applications?per_page=10&embed[]=candidate`],
      ['GET', '/api/candidates/search?filters[search]=ada'],
      ['GET', '/api/users/me'],
      ['PATCH', '/api/job_applications/:id', {}],
    ];
    const outcomes: Outcome[] = [];
    const logStart = server.logs().length;
    let running = true;
    const client = async (n: number) => {
      for (let i = n; running; i++) {
        const [method, path, body] = pick(calls, i);
        const url = path.replace(':id', String(pick(applicationIds, i)));
        const startedAt = performance.now();
        try {
          const res = await fetch(`${server.url}${url}`, {
            method,
            headers,
            // A reason with every move: a new licence's 'Rejected' asks for one (decision 228).
            ...(body
              ? {
                  body: JSON.stringify({
                    status_id: pick(statusIds, i),
                    rejection: { text: 'Moved under load' },
                  }),
                }
              : {}),
          });
          const text = await res.text();
          outcomes.push({
            startedAt,
            endedAt: performance.now(),
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            body: text ? JSON.parse(text) : null,
          });
        } catch (error) {
          outcomes.push({ startedAt, endedAt: performance.now(), error: errorCode(error) });
          await sleep(20);
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    while (outcomes.filter((o) => o.status === 200).length < 200) await sleep(50);

    // Our own request in flight: its headers are in, half its body is not; a second request waits behind it.
    const probe = net.connect(Number(port), hostname);
    const probeResponses = readResponses(probe);
    const created = JSON.stringify({ candidate: { first_name: 'In', last_name: 'Flight' } });
    const logCount = server.logs().length;
    probe.write(
      `POST /api/candidates HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${jwt}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(created)}\r\n\r\n` +
        created.slice(0, 10),
    );
    await server.waitForLog((line) => {
      const req = line.req as { method?: string; url?: string } | undefined;
      return line.msg === 'incoming request' && req?.method === 'POST' && req.url === '/api/candidates';
    }, logCount);

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const stoppingAt = await server.waitForLog((line) => line.msg === 'SIGTERM received, shutting down');
    probe.write(
      `${created.slice(10)}GET /api/users/me HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${jwt}\r\n\r\n`,
    );
    const exit = await server.exited;
    const exitedAt = performance.now();
    await sleep(300);
    running = false;
    await Promise.all(clients);

    // The process: exit code 0, within 10 s of the signal.
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAt - signalledAt).toBeLessThan(10_000);

    // The held request finished (201: the candidate exists); the one behind it was refused with a 503.
    const [first, second, ...more] = await probeResponses;
    expect(first?.status).toBe(201);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ first_name: 'In', last_name: 'Flight' });
    expect(second?.status).toBe(503);
    expect(second?.headers.connection).toBe('close');
    expect(second?.headers['retry-after']).toBe('5');
    expect(ErrorBody.safeParse(JSON.parse(second?.body ?? '{}')).success).toBe(true);
    expect(more).toEqual([]);

    // The server's log: every request it had begun before the signal completed with a 2xx.
    const logs = server.logs();
    const signalIndex = logs.findIndex((line) => line.msg === 'SIGTERM received, shutting down');
    const completed = new Map<string, number>();
    for (const line of logs.slice(logStart)) {
      if (line.msg === 'request completed') {
        completed.set(String(line.reqId), (line.res as { statusCode: number }).statusCode);
      }
    }
    const begunBefore = logs.slice(logStart, signalIndex).filter((line) => line.msg === 'incoming request');
    const doneBefore = new Set(
      logs
        .slice(logStart, signalIndex)
        .filter((line) => line.msg === 'request completed')
        .map((line) => String(line.reqId)),
    );
    const inFlight = begunBefore.filter((line) => !doneBefore.has(String(line.reqId)));
    expect(inFlight.length).toBeGreaterThan(0);
    for (const line of begunBefore) {
      expect(completed.get(String(line.reqId)), `${JSON.stringify(line.req)}`).toBeGreaterThanOrEqual(200);
      expect(completed.get(String(line.reqId))).toBeLessThan(300);
    }

    // The clients: answers are 2xx or the contract's 503; every 2xx the server sent arrived; after the
    // server said it was stopping, nothing new was served; connections failed only after the signal.
    const answered = outcomes.filter((o) => o.status !== undefined);
    expect(
      answered.filter((o) => o.status !== 503 && (Number(o.status) < 200 || Number(o.status) >= 300)),
    ).toEqual([]);
    for (const o of answered.filter((o) => o.status === 503)) {
      expect(ErrorBody.safeParse(o.body).success).toBe(true);
      expect(o.retryAfter).toBe('5');
    }
    // Counted on the load's own URLs: the set-up's last log lines may be read after the load began.
    const loadUrls = new Set([
      '/api/candidates',
      ...calls.flatMap(([, path]) => applicationIds.map((id) => path.replace(':id', String(id)))),
    ]);
    const served = logs
      .filter((line) => line.msg === 'incoming request')
      .filter((line) => loadUrls.has(String((line.req as { url?: string }).url)))
      .filter((line) => Number(completed.get(String(line.reqId))) < 300).length;
    // The probe's 201 is the one 2xx the clients did not count.
    expect(answered.filter((o) => Number(o.status) < 300).length + 1).toBe(served);
    expect(answered.filter((o) => o.startedAt > stoppingAt && Number(o.status) < 300)).toEqual([]);
    const failed = outcomes.filter((o) => o.error !== undefined);
    expect(failed.filter((o) => o.endedAt < signalledAt)).toEqual([]);
    // The stream went on after the signal, and met a closed door.
    expect(outcomes.filter((o) => o.startedAt > stoppingAt).length).toBeGreaterThan(0);
  }, 120_000);
});
