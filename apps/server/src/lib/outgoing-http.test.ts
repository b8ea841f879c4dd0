import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutgoingError, type OutgoingPolicy, outgoingClient } from './outgoing-http.ts';

/** A receiver on loopback that records what it is sent and answers as `answer` says. */
async function receiver(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const received: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, received, url: `http://127.0.0.1:${port}` };
}

const POLICY: OutgoingPolicy = { allowAddresses: [], timeoutMs: 2000, maxResponseBytes: 1024 };
const post = (body = '{"type":"test"}') => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
  body,
});

/** What a call failed with, or 'answered'. */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'answered';
  } catch (error) {
    return error instanceof OutgoingError ? error.failure : `unexpected: ${String(error)}`;
  }
}

let ok: Awaited<ReturnType<typeof receiver>>;
let redirecting: Awaited<ReturnType<typeof receiver>>;
let silent: Awaited<ReturnType<typeof receiver>>;
const servers: Server[] = [];
beforeAll(async () => {
  ok = await receiver((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('x'.repeat(100_000));
  });
  redirecting = await receiver((_req, res) => {
    res.writeHead(302, { location: `${ok.url}/elsewhere` });
    res.end();
  });
  // Never answers: the deadline ends the call.
  silent = await receiver(() => {});
  servers.push(ok.server, redirecting.server, silent.server);
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('outgoing calls (SSRF)', () => {
  it('refuses loopback, private, link-local and metadata addresses before sending a byte', async () => {
    const client = outgoingClient(POLICY);
    const before = ok.received.length;
    for (const url of [
      ok.url,
      ok.url.replace('127.0.0.1', 'localhost'),
      'http://[::1]:9/',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://0.0.0.0/',
      'https://[fd00::1]/',
    ]) {
      expect([url, await failureOf(client.send(url, post()))]).toEqual([url, 'forbidden_address']);
    }
    expect(ok.received.length).toBe(before);
  });

  it('checks what a name resolves to when connecting: a public-looking name resolving to 10.0.0.1 is refused', async () => {
    const rebinding: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: '10.0.0.1', family: 4 }]);
      else callback(null, '10.0.0.1', 4);
    };
    const client = outgoingClient({ ...POLICY, lookup: rebinding });
    expect(await failureOf(client.send('http://hooks.example.com/in', post()))).toBe('forbidden_address');
  });

  it('refuses other schemes, credentials in the address, and what is not a URL', async () => {
    const client = outgoingClient(POLICY);
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'not a url']) {
      expect(await failureOf(client.send(url, post()))).toBe('bad_url');
    }
    expect(await failureOf(client.send('https://user:secret@example.com/', post()))).toBe('bad_url');
  });

  it('delivers to an address the operator allowed, and keeps a bounded excerpt of the answer', async () => {
    const client = outgoingClient({ ...POLICY, allowAddresses: ['127.0.0.1'] });
    const answer = await client.send(`${ok.url}/hook`, post('{"type":"candidate.created"}'));
    expect(answer.status).toBe(200);
    expect(answer.excerpt).toHaveLength(1024);
    expect(answer.truncated).toBe(true);
    expect(answer.ms).toBeGreaterThan(0);
    const last = ok.received.at(-1);
    expect(last).toMatchObject({ method: 'POST', body: '{"type":"candidate.created"}' });
    expect(last?.headers['webhook-id']).toBe('msg_1');
  });

  it('does not follow a redirect: the 3xx is the answer, its target is never called', async () => {
    const client = outgoingClient({ ...POLICY, allowAddresses: ['127.0.0.1'] });
    const before = ok.received.length;
    const answer = await client.send(redirecting.url, post());
    expect(answer.status).toBe(302);
    expect(ok.received.length).toBe(before);
  });

  it('gives up at the deadline when the receiver never answers', async () => {
    const client = outgoingClient({ ...POLICY, allowAddresses: ['127.0.0.1'], timeoutMs: 300 });
    const started = performance.now();
    expect(await failureOf(client.send(silent.url, post()))).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('says when nothing listens', async () => {
    const client = outgoingClient({ ...POLICY, allowAddresses: ['127.0.0.1'] });
    expect(await failureOf(client.send('http://127.0.0.1:9/', post()))).toBe('network');
  });
});
