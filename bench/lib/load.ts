/**
 * Load generator for the benchmark, run as a child process so it never shares the measured server's CPU time
 * with the bench's own event loop: `node bench/lib/load.ts <json>` with {url, headers, requests, connections,
 * duration}; prints on stdout {latencies (ms, one per answered request), non2xx, errors, timeouts, seconds}.
 * autocannon reports p97.5 but not p95, hence the latencies themselves.
 */
import autocannon from 'autocannon';

export type LoadRequest = { method: 'GET' | 'PATCH' | 'POST'; path: string; body?: string };
export type LoadOptions = {
  url: string;
  headers: Record<string, string>;
  requests: LoadRequest[];
  connections: number;
  duration: number;
};
export type LoadResult = {
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  /** How many answers of each status other than 2xx. */
  failedStatuses: Record<string, number>;
};

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const latencies: number[] = [];
const failedStatuses: Record<string, number> = {};
const started = performance.now();
const instance = autocannon(
  {
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    requests: options.requests.map((r) => ({
      method: r.method,
      path: r.path,
      ...(r.body === undefined ? {} : { body: r.body, headers: { 'content-type': 'application/json' } }),
    })),
  },
  (error, result) => {
    if (error) throw error;
    const answer: LoadResult = {
      latencies,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      seconds: (performance.now() - started) / 1000,
      failedStatuses,
    };
    process.stdout.write(JSON.stringify(answer));
  },
);
instance.on('response', (_client, status, _bytes, responseTime) => {
  latencies.push(responseTime);
  if (status < 200 || status > 299) failedStatuses[status] = (failedStatuses[status] ?? 0) + 1;
});
