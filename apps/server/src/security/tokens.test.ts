import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, tags } from '../db/schema/index.ts';
import { hashToken } from '../lib/secret-token.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type Operation, operationsOf, urlOf } from '../test/openapi-operations.ts';
import { tenantWithData } from '../test/tenant-data.ts';

/**
 * Every route of the authenticated scope refuses a caller without a valid access token (ASVS 8.2.1, 9.1.1 to
 * 9.2.3): none, a malformed one, `alg: none`, a wrong key, an expired one, one whose licence was changed.
 * Driven from the OpenAPI document, so a new route is covered without editing this file.
 */
const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');
const WRONG_KEY = new TextEncoder().encode('another-secret-another-secret-another-0');

let t: TestApp;
let operations: Operation[];
let claims: Record<string, unknown>;
let otherLicenceId: number;
beforeAll(async () => {
  t = await createTestApp();
  const a = await tenantWithData(t, 'Tokena');
  otherLicenceId = (await tenantWithData(t, 'Tokenb')).licenceId;
  const { jwt } = await t.login(a.adminEmail);
  claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());
  operations = operationsOf(t.app).filter((op) => op.authenticated);
});
afterAll(() => t.close());

const unsignedToken = (payload: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
    JSON.stringify(payload),
  ).toString('base64url')}.`;

const signed = (payload: Record<string, unknown>, key = SECRET) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(key);

describe('the authenticated scope refuses every forged or missing token', () => {
  it('covers the routes there are', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it('answers 401 on every authenticated route to each bad credential, and never runs the handler', async () => {
    const now = Math.floor(Date.now() / 1000);
    const credentials: Record<string, string | undefined> = {
      none: undefined,
      'not a bearer': 'Basic YWRtaW46YWRtaW4=',
      malformed: 'Bearer not.a.jwt',
      'alg none': `Bearer ${unsignedToken({ ...claims, exp: now + 600 })}`,
      'wrong key': `Bearer ${await signed({ ...claims, exp: now + 600 }, WRONG_KEY)}`,
      expired: `Bearer ${await signed({ ...claims, iat: now - 1200, exp: now - 600 })}`,
      'other licence claimed': `Bearer ${await signed({ ...claims, license_id: otherLicenceId, exp: now + 600 })}`,
      'unknown user': `Bearer ${await signed({ ...claims, sub: '999999', exp: now + 600 })}`,
    };
    const failures: string[] = [];
    for (const op of operations) {
      const params = Object.fromEntries(op.pathParams.map((p) => [p, 1]));
      for (const [name, authorization] of Object.entries(credentials)) {
        const res = await t.app.inject({
          method: op.method,
          url: urlOf(op, params),
          headers: authorization ? { authorization } : {},
          ...(op.body ? { payload: {} } : {}),
        });
        if (res.statusCode !== 401) failures.push(`${op.label} with ${name} answered ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a role claimed in the token is not trusted: the database says what the caller is', async () => {
    const { licence } = await t.licence();
    const user = await t.user(licence.id, 'plain@tokens.test');
    const { jwt } = await t.login('plain@tokens.test');
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());
    const promoted = await signed({ ...payload, role: 'admin' });
    const me = await t.app.inject({ url: '/api/users/me', headers: t.auth(promoted) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, role: 'user' });
    // Renaming a tag is for admins (decision 022): the promoted token is still a user's.
    const [tag] = await t.db.insert(tags).values({ licenceId: licence.id, name: 'java' }).returning();
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/tags/${tag?.id}`,
      headers: t.auth(promoted),
      payload: { name: 'kotlin' },
    });
    expect(rename.statusCode).toBe(403);
  });
});

/**
 * Two refreshes with one token at once (ASVS 7.2.3, issue 14 §3, issue 18 §6): `rotateRefreshToken` locks the
 * token's row (`FOR UPDATE`), so exactly one retires it and issues the next pair. The other, a moment later,
 * finds it retired within the reuse interval and gets the same successor back (two tabs of one browser
 * refreshing together): both go on with one session. Past the interval, presenting it again is a replay: the
 * whole family is revoked (DESIGN section 5), so the holder of the new pair signs in again too.
 */
describe('two parallel refreshes with one token', () => {
  beforeAll(async () => {
    const { licence } = await t.licence();
    await t.user(licence.id, 'racer@tokens.test');
  });
  const familyOf = async (token: string) => {
    const [row] = await t.db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    return row?.family ?? '';
  };

  const expectOneSuccessorForBoth = async (
    token: string,
    answers: { status: number; body: Record<string, unknown> }[],
  ) => {
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [first, second] = answers.map((a) => a.body as { jwt: string; token: string });
    expect(second?.token).toBe(first?.token);
    const rows = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.family, await familyOf(token)));
    // One successor issued, nothing revoked; the sealed successor is not the token in clear.
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt === null)).toBe(true);
    const retired = rows.find((row) => row.retiredAt !== null);
    expect(retired?.successorSealed).toBeTruthy();
    expect(retired?.successorSealed).not.toContain(first?.token ?? '-');
    for (const answer of [first, second]) {
      expect(
        (await t.app.inject({ url: '/api/users/me', headers: t.auth(answer?.jwt ?? '') })).statusCode,
      ).toBe(200);
    }
    const next = await t.app.inject({ url: `/api/users/refresh/${first?.token}` });
    expect(next.statusCode).toBe(200);
  };

  it('through inject: both get the same new pair, and the session goes on', async () => {
    const { token } = await t.login('racer@tokens.test');
    const answers = await Promise.all(
      [1, 2].map(async () => {
        const res = await t.app.inject({ url: `/api/users/refresh/${token}` });
        return { status: res.statusCode, body: res.json() };
      }),
    );
    await expectOneSuccessorForBoth(token, answers);
  });

  it('over real HTTP: both get the same new pair, and the session goes on', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const { token } = await t.login('racer@tokens.test');
    const answers = await Promise.all(
      [1, 2].map(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/users/refresh/${token}`);
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      }),
    );
    await expectOneSuccessorForBoth(token, answers);
  });

  it('past the reuse interval, the retired token revokes the whole family', async () => {
    const short = await createTestApp({ VIVIER_REFRESH_REUSE_SECONDS: '1' });
    try {
      const { licence } = await short.licence();
      await short.user(licence.id, 'late@tokens.test');
      const { token } = await short.login('late@tokens.test');
      const won = (await short.app.inject({ url: `/api/users/refresh/${token}` })).json();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const late = await short.app.inject({ url: `/api/users/refresh/${token}` });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toEqual({ error: 'invalid_refresh_token', message: 'Could not refresh token' });
      expect((await short.app.inject({ url: `/api/users/refresh/${won.token}` })).statusCode).toBe(401);
      expect(
        (await short.app.inject({ url: '/api/users/me', headers: short.auth(won.jwt) })).statusCode,
      ).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('with the interval at 0, the second of two at once is a replay', async () => {
    const strict = await createTestApp({ VIVIER_REFRESH_REUSE_SECONDS: '0' });
    try {
      const { licence } = await strict.licence();
      await strict.user(licence.id, 'strict@tokens.test');
      const { token } = await strict.login('strict@tokens.test');
      const answers = await Promise.all(
        [1, 2].map(async () => (await strict.app.inject({ url: `/api/users/refresh/${token}` })).statusCode),
      );
      expect(answers.sort()).toEqual([200, 401]);
    } finally {
      await strict.close();
    }
  });
});
