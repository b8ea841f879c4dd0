import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export type Received = { path: string; headers: Record<string, string>; body: string; at: number };

/** What the receiver answers a request: a status and body, after `delayMs`, or a redirect. */
export type Answer = { status: number; body?: string; delayMs?: number; location?: string };

/**
 * A real HTTP receiver on loopback for webhooks' tests (decision 199): it keeps every request and answers
 * what `answer` says (200 "ok" unless told otherwise).
 */
export async function startReceiver(
  answer: (request: Received, n: number) => Answer = () => ({ status: 200 }),
) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        path: req.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(request);
      const reply = answer(request, received.length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, {
          'content-type': 'text/plain',
          ...(reply.location ? { location: reply.location } : {}),
        });
        res.end(reply.body ?? 'ok');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
