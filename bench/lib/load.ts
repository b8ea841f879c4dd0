/**
 * Load generator for the benchmarks, run as a child process so it does not share the server's event loop:
 * `node bench/lib/load.ts <json>` with {url, headers, paths, connections, duration}; prints autocannon's
 * result as JSON on stdout.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  headers: Record<string, string>;
  paths: string[];
  connections: number;
  duration: number;
};
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  headers: options.headers,
  requests: options.paths.map((path) => ({ method: 'GET', path })),
});
process.stdout.write(JSON.stringify(result));
