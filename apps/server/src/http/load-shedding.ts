import underPressure from '@fastify/under-pressure';
import { routes } from '@vivier/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { statusOf } from './error-status.ts';
import { RequestSlots } from './request-slots.ts';

/** The route a load balancer polls (the contract's `system.health`). */
const HEALTH_ROUTE = `/api${routes.system.health.path}`;

/**
 * An overloaded instance says so at once (503 + Retry-After) rather than letting requests time out, so a
 * load balancer or the client retries elsewhere or later (issue 14 §8). A stopping one does the same.
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config) {
  // The delay is the mean over one-second windows (the plugin's default): in shorter ones a busy but healthy
  // loop leaves windows without a single histogram sample, which the plugin reads as an infinite delay, and
  // 100 ms windows shed load at 30 clients (security/graceful-stop.test.ts found it).
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    sampleInterval: 1000,
    retryAfter: 5,
    // Only the API is shed, decided by the matched route: the page and its scripts are files read from disk,
    // and a screen whose lazy chunk was refused shows an error where its calls would simply have been retried.
    pressureHandler: (request, reply) => {
      if (!request.routeOptions.url?.startsWith('/api/')) return;
      void reply
        .status(statusOf('overloaded'))
        .header('retry-after', '5')
        .send({ error: 'overloaded', message: 'The server is busy, please try again shortly' });
    },
  });
  // Stopping first: a request that arrives once the server stops is refused at once, not after a wait in the
  // slots' line; one already in line when it stops had begun, and is served (security/graceful-stop.test.ts).
  stoppingGate(app);
  concurrencyGate(app, config.maxConcurrentRequests, config.maxRequestWaitMs);
}

/**
 * At most `max` API requests run at once in this process; the next ones wait in line up to `waitMs` for a slot,
 * then are answered 503 with Retry-After, before authentication (issue 29 item 5, decision 211: at 50 clients the
 * answers queued for 1–2 s without bound). The health check is never counted nor refused: it has its own
 * database connection (db/database.ts), so it reports whether the instance works, not how busy it is.
 * A request leaves its slot when its response closes, answered or abandoned; one abandoned while it waits
 * leaves the line.
 */
function concurrencyGate(app: FastifyInstance, max: number, waitMs: number) {
  if (max === 0) return;
  const slots = new RequestSlots(max, waitMs);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || route === HEALTH_ROUTE) return;
    const admitted = await slots.acquire((giveUp) => reply.raw.once('close', giveUp));
    if (!admitted) {
      return reply
        .code(statusOf('overloaded'))
        .header('retry-after', '1')
        .send({ error: 'overloaded', message: 'The server is busy, please try again shortly' });
    }
    reply.raw.once('close', () => slots.release());
  });
}

/**
 * While the server stops (SIGTERM, server.ts) its listener is closed, so a new connection is refused and a load
 * balancer retries it on another instance, whatever the method: nothing was sent. A request that still arrives
 * on a connection already open is not run: it is answered 503 with Retry-After and `Connection: close`, the
 * contract's `overloaded` body, so the client or the balancer tries again elsewhere (issue 14 §7). The requests
 * already running finish.
 */
function stoppingGate(app: FastifyInstance) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!stopping) return;
    return reply
      .code(statusOf('overloaded'))
      .header('retry-after', '5')
      .header('connection', 'close')
      .send({ error: 'overloaded', message: 'The server is stopping, please try again shortly' });
  });
}
