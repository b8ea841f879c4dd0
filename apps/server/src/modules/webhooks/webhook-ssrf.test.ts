import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outgoingClient } from '../../lib/outgoing-http.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/harness.ts';
import { disabledMailKind } from './webhook-disabled-mail.job.ts';
import { drainWebhooks } from './webhook-drain.job.ts';
import { startReceiver } from './webhook-receiver.fixtures.ts';

/**
 * Server-side request forgery through a webhook (issue 25, decisions 197 and 199): an admin may save an https
 * URL that names or resolves to a loopback, private, link-local or metadata address, but no delivery reaches
 * it: the address is refused when connecting, and the attempt is logged as a failed delivery (not retried).
 * The drain runs here with the production client (no host allowed), and a resolver that answers 10.0.0.1
 * for a public-looking name, as a rebinding DNS would.
 */
let t: TestApp;
let org: Organisation;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const rebinding: LookupFunction = (_hostname, options, callback) => {
  if ((options as { all?: boolean }).all) callback(null, [{ address: '10.0.0.1', family: 4 }]);
  else callback(null, '10.0.0.1', 4);
};

beforeAll(async () => {
  t = await createTestApp();
  org = await organisation(t);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('a webhook to a forbidden address', () => {
  it('is refused at connect time and logged as a failed delivery, for every spelling', async () => {
    const port = new URL(receiver.url).port;
    const urls = [
      `https://127.0.0.1:${port}/hook`,
      `https://[::1]:${port}/hook`,
      'https://169.254.169.254/latest/meta-data/',
      'https://internal.example.test/hook',
      `https://localhost:${port}/hook`,
    ];
    const ids: number[] = [];
    for (const url of urls) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: org.admin.headers,
        payload: { url, event_types: ['note.created'] },
      });
      expect([url, res.statusCode]).toEqual([url, 201]);
      ids.push(res.json().id);
      const test = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${res.json().id}/test`,
        headers: org.admin.headers,
      });
      expect(test.statusCode).toBe(202);
    }
    const result = await drainWebhooks({
      db: t.db,
      client: outgoingClient({
        allowAddresses: [],
        timeoutMs: 2000,
        maxResponseBytes: 1000,
        lookup: rebinding,
      }),
      webhookBox: secretBox(new TextEncoder().encode(TEST_JWT_SECRET), 'webhook secrets'),
      disabledMail: disabledMailKind,
    });
    expect(result).toEqual({ sent: urls.length, succeeded: 0 });
    for (const [i, id] of ids.entries()) {
      const res = await t.app.inject({ url: `/api/webhooks/${id}/deliveries`, headers: org.admin.headers });
      const [delivery] = res.json().data;
      expect([urls[i], delivery.state, delivery.status, delivery.error]).toEqual([
        urls[i],
        'failed',
        null,
        'forbidden_address: The address is private, loopback or reserved',
      ]);
    }
    expect(receiver.received).toEqual([]);
  });
});
