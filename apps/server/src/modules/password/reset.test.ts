import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordHashed } from '../../lib/passwords.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { awayFromWindowEnd } from '../../test/window-edge.ts';

// Counts the argon2 hashes the server computes.
const hashes = vi.fn();
passwordHashed.subscribe(hashes);

/** `PATCH /password/{token}` (issue 7 section 2): a made-up link costs no hash, and attempts are limited. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_PUBLIC_URL: 'https://vivier.example' });
  await t.licence();
});
afterAll(async () => {
  passwordHashed.unsubscribe(hashes);
  await t.close();
});

const reset = (token: string, remoteAddress = '10.2.0.1') =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/password/${token}`,
    remoteAddress,
    payload: { password: 'a brand new secret' },
  });

const EXPIRED = {
  error: 'reset_token_invalid',
  message: 'Your recovery link has expired, please request a new one',
};

describe('PATCH /api/password/{token}', () => {
  it('refuses an unknown token before hashing the new password', async () => {
    hashes.mockClear();
    const res = await reset('made-up-token', '10.2.0.2');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(EXPIRED);
    expect(hashes).not.toHaveBeenCalled();
  });

  it('hashes once for a real link, then refuses it without hashing', async () => {
    await t.app.inject({ url: '/api/password/forgot/admin@org1.test' });
    await t.settled();
    const mail = (t.outbox().at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = mail.match(/reset_password\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    hashes.mockClear();
    expect((await reset(token, '10.2.0.3')).statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledOnce();
    expect((await reset(token, '10.2.0.3')).statusCode).toBe(410);
    expect(hashes).toHaveBeenCalledOnce();
    // The change is in the licence's audit log once, by the account, from the address that used the link.
    const entries = await t.db.execute(
      sql`select a.action, a.actor_id, a.actor_label, a.address, a.target_kind, a.details from audit_entries a
          join users u on u.id = a.actor_id where u.email = 'admin@org1.test' and a.action = 'auth.password_reset'`,
    );
    expect((entries as unknown as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({
        actor_label: 'admin@org1.test',
        address: '10.2.0.3',
        target_kind: 'user',
        details: { method: 'mailed_link' },
      }),
    ]);
  });

  it('is rate-limited per address: 20 attempts in 15 minutes, then 429 with Retry-After', async () => {
    await awayFromWindowEnd(15 * 60, 10);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => reset(`guess-${i}`, '10.2.0.9')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 410)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await reset('guess-x', '10.2.0.10')).statusCode).toBe(410);
  });
});
