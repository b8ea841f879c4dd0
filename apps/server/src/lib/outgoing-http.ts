import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * What Vivier may call on the network on a licence's behalf (issue 25, decision 197: webhooks' deliveries).
 * - `allowAddresses`: IP addresses let through although private or loopback (an operator's setting, for a
 *   receiver on the same machine in tests); every other private, loopback, link-local, metadata or reserved
 *   address is refused.
 * - `timeoutMs`: the whole call, from connecting to the last byte read.
 * - `maxResponseBytes`: what is kept of the answer's body; the rest is not read.
 * - `lookup`: the name resolver (tests resolve a name to the address they need); the system's by default.
 */
export type OutgoingPolicy = {
  allowAddresses: readonly string[];
  timeoutMs: number;
  maxResponseBytes: number;
  lookup?: LookupFunction;
};

export type OutgoingResponse = {
  status: number;
  /** The first `maxResponseBytes` of the body, as UTF-8 text. */
  excerpt: string;
  /** Whether the body went on past the excerpt. */
  truncated: boolean;
  ms: number;
};

/** Why a call was not answered: the address, the scheme or the URL refused, no answer in time, or the network. */
export type OutgoingFailure = 'forbidden_address' | 'bad_url' | 'timeout' | 'network';

export class OutgoingError extends Error {
  readonly failure: OutgoingFailure;
  constructor(failure: OutgoingFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

export type OutgoingRequest = { method: 'POST'; headers: Record<string, string>; body: string };

export type OutgoingClient = { send(url: string, request: OutgoingRequest): Promise<OutgoingResponse> };

/**
 * A client for calls to addresses a user typed (a webhook's URL), safe against server-side request forgery:
 * - the address is checked when the socket connects, on what the name resolved to (request-filtering-agent),
 *   so a name that resolves to a public address when saved and a private one later (DNS rebinding) is refused
 *   all the same, as are literal private addresses;
 * - redirects are not followed: a 3xx is the answer (Node's http.request never follows one);
 * - one deadline covers the whole call, and at most `maxResponseBytes` of the answer are read.
 */
export function outgoingClient(policy: OutgoingPolicy): OutgoingClient {
  const filter = { allowIPAddressList: [...policy.allowAddresses] };
  // No keep-alive: a socket kept open would skip the address check of the next call to that host.
  const agents = {
    'http:': new RequestFilteringHttpAgent({ ...filter, keepAlive: false }),
    'https:': new RequestFilteringHttpsAgent({ ...filter, keepAlive: false }),
  };
  return {
    send(url, request) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return Promise.reject(new OutgoingError('bad_url', 'The address is not a URL'));
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        return Promise.reject(new OutgoingError('bad_url', `The scheme ${target.protocol} is not allowed`));
      }
      if (target.username || target.password) {
        return Promise.reject(new OutgoingError('bad_url', 'The address may not carry credentials'));
      }
      return call(target, request, policy, agents[target.protocol]);
    },
  };
}

function call(
  target: URL,
  request: OutgoingRequest,
  policy: OutgoingPolicy,
  agent: http.Agent,
): Promise<OutgoingResponse> {
  const started = performance.now();
  const module = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: OutgoingError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outgoing.destroy();
      reject(error);
    };
    const outgoing = module.request(target, {
      method: request.method,
      agent,
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      ...(policy.lookup ? { lookup: policy.lookup } : {}),
    });
    const deadline = setTimeout(
      () => fail(new OutgoingError('timeout', `No answer within ${policy.timeoutMs} ms`)),
      policy.timeoutMs,
    );
    outgoing.on('error', (error) =>
      fail(
        // request-filtering-agent's refusal: "DNS lookup 127.0.0.1(…) is not allowed. Because, …".
        error.message.includes('is not allowed')
          ? new OutgoingError('forbidden_address', 'The address is private, loopback or reserved')
          : new OutgoingError('network', error.message),
      ),
    );
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let truncated = false;
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve({
          status: response.statusCode ?? 0,
          excerpt: Buffer.concat(chunks).toString('utf8'),
          truncated,
          ms: performance.now() - started,
        });
      };
      response.on('data', (chunk: Buffer) => {
        const room = policy.maxResponseBytes - kept;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          kept = policy.maxResponseBytes;
          truncated = true;
          // The rest is not read: the answer is complete enough, and the socket goes.
          done();
          response.destroy();
          return;
        }
        chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', done);
      response.on('error', (error) => fail(new OutgoingError('network', error.message)));
    });
    outgoing.end(request.body);
  });
}
