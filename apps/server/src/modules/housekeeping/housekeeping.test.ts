import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { passwordResetTokens, rateLimitHits, refreshTokens, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { purgeExpired } from './housekeeping.ts';

/** Expired and revoked rows are purged (issue 7 section 3): refresh and reset tokens, rate-limit windows. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.licence();
});
afterAll(() => t.close());

const count = async (table: typeof refreshTokens | typeof passwordResetTokens) => {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
};
/** The windows of the test's own key (sign-ins count their address too). */
const windows = async () => {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, 'test:10.0.0.1'));
  return row?.n ?? 0;
};

/** One of each kind of row: dead ones to purge and live ones to keep. */
async function fill() {
  const hour = 3_600_000;
  const live = await t.login('admin@org1.test');
  const rotated = (await t.app.inject({ url: `/api/users/refresh/${live.token}` })).json();
  const ended = await t.login('admin@org1.test');
  await t.db
    .update(refreshTokens)
    .set({ expiresAt: new Date(Date.now() - hour) })
    .where(eq(refreshTokens.tokenHash, hashToken(ended.token)));
  const revoked = await t.login('admin@org1.test');
  await t.app.inject({ method: 'POST', url: '/api/users/logout', payload: { token: revoked.token } });

  const [admin] = await t.db.select({ id: users.id }).from(users).limit(1);
  const userId = admin?.id ?? 0;
  await t.db.insert(passwordResetTokens).values([
    { userId, tokenHash: 'live', expiresAt: new Date(Date.now() + hour) },
    { userId, tokenHash: 'expired', expiresAt: new Date(Date.now() - hour) },
    { userId, tokenHash: 'used', expiresAt: new Date(Date.now() + hour), usedAt: new Date() },
  ]);
  await t.db.insert(rateLimitHits).values([
    { key: 'test:10.0.0.1', windowStart: new Date(), count: 3 },
    { key: 'test:10.0.0.1', windowStart: new Date(Date.now() - 2 * 24 * hour), count: 3 },
  ]);
  return { live: rotated.token as string };
}

describe('purgeExpired', () => {
  it('deletes ended and revoked families, spent or expired reset tokens and old windows; keeps the rest', async () => {
    const { live } = await fill();
    // The live family: its first (retired) token and its current one; plus ended and revoked rows.
    expect(await count(refreshTokens)).toBe(4);
    expect(await purgeExpired(t.db)).toEqual({ refreshTokens: 2, resetTokens: 2, rateLimitWindows: 1 });
    expect(await count(refreshTokens)).toBe(2);
    expect(await count(passwordResetTokens)).toBe(1);
    expect(await windows()).toBe(1);
    // The live session still refreshes, and a replay of its retired token is still caught.
    expect((await t.app.inject({ url: `/api/users/refresh/${live}` })).statusCode).toBe(200);
  });

  it('runs when an app starts', async () => {
    await t.db.delete(refreshTokens);
    await t.db.delete(passwordResetTokens);
    await t.db.delete(rateLimitHits);
    await fill();
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    await second.ready();
    await second.close();
    expect(await count(refreshTokens)).toBe(2);
    expect(await count(passwordResetTokens)).toBe(1);
    expect(await windows()).toBe(1);
  });
});
