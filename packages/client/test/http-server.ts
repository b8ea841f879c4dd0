import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** A request as the server received it: method, URL exactly as sent, headers and the body's text. */
export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Handler = (request: Received, response: http.ServerResponse) => void;

/**
 * A real HTTP server on loopback for a test file: each test says how it answers (`answer`) and reads what it
 * received (`received`). Unanswered requests get a 404 JSON error, as the API's unknown routes do.
 */
export function withHttpServer() {
  let server: http.Server;
  let handler: Handler | undefined;
  const received: Received[] = [];
  const state = { baseUrl: '', port: 0 };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const entry = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(entry);
        if (handler) handler(entry, response);
        else json(response, 404, { error: 'not_found', message: 'Bad route' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.port = (server.address() as AddressInfo).port;
    state.baseUrl = `http://127.0.0.1:${state.port}/api`;
  });
  beforeEach(() => {
    handler = undefined;
    received.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return {
    state,
    received,
    answer(next: Handler) {
      handler = next;
    },
  };
}

/** Answers `body` as JSON with `status` and extra headers. */
export function json(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}
