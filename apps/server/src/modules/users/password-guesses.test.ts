import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { LOGIN_WINDOW_SECONDS } from '../../lib/login-limits.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test/harness.ts';
import { awayFromWindowEnd } from '../../test/window-edge.ts';

/**
 * The current password a signed-in person gives to change their own password or email is a password guess like
 * a sign-in's: wrong ones count against the account's limit (lib/login-limits.ts), so a stolen access token
 * cannot be used to try passwords at leisure. Three failures per account here.
 */
let t: TestApp;
let licenceId: number;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_LOGIN_MAX_PER_ACCOUNT: '3', VIVIER_LOGIN_MAX_PER_ADDRESS: '1000' });
  licenceId = (await t.licence()).licence.id;
});
afterAll(() => t.close());

const changePassword = (jwt: string, id: number, current: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}`,
    headers: t.auth(jwt),
    payload: { password: 'a brand new passphrase', current_password: current },
  });
const hashOf = async (id: number) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.hash;
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

describe('guessing the current password', () => {
  it('answers 429 past the account limit, even to the right password, and changes nothing', async () => {
    await awayFromWindowEnd(LOGIN_WINDOW_SECONDS, 10);
    const user = await t.user(licenceId, 'guessed@limits.test');
    const thief = await t.login('guessed@limits.test');
    const before = await hashOf(user.id);
    const guesses = await Promise.all(
      ['guess 1', 'guess 2', 'guess 3', 'guess 4', 'guess 5'].map((guess) =>
        changePassword(thief.jwt, user.id, guess),
      ),
    );
    // Counted before the check, atomically: parallel guesses cannot all slip under the limit.
    expect(guesses.map((res) => res.statusCode).sort()).toEqual([403, 403, 403, 429, 429]);
    const late = await changePassword(thief.jwt, user.id, PASSWORD);
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many attempts, please try again later',
    });
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
    expect(await hashOf(user.id)).toBe(before);
    // The same account's sign-in shares the counter.
    expect((await signIn('guessed@limits.test', PASSWORD)).statusCode).toBe(429);
  });

  it('does not count a right password, nor limit another account', async () => {
    const user = await t.user(licenceId, 'owner@limits.test');
    const owner = await t.login('owner@limits.test');
    expect((await changePassword(owner.jwt, user.id, 'wrong once')).statusCode).toBe(403);
    expect((await changePassword(owner.jwt, user.id, 'wrong twice')).statusCode).toBe(403);
    expect((await changePassword(owner.jwt, user.id, PASSWORD)).statusCode).toBe(200);
    const again = await t.login('owner@limits.test', 'a brand new passphrase');
    expect((await changePassword(again.jwt, user.id, 'wrong thrice')).statusCode).toBe(403);
    const neighbour = await t.user(licenceId, 'neighbour@limits.test');
    const theirs = await t.login('neighbour@limits.test');
    expect((await changePassword(theirs.jwt, neighbour.id, PASSWORD)).statusCode).toBe(200);
  });
});
