import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokens, type TokenUser } from './access-token.ts';

// Verified tokens are remembered by their whole text (issue 29): a remembered one must still expire on time,
// and nothing but that exact text may be taken for it.
const secret = new TextEncoder().encode('a-test-secret-of-thirty-two-bytes!!');
const user: TokenUser = {
  id: 7,
  email: 'ada@org.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'admin',
  licenceId: 3,
};
const session = '0b4f6c1e-2d3a-4e5f-8a9b-0c1d2e3f4a5b';
const claimed = { userId: 7, licenceId: 3, role: 'admin', email: 'ada@org.test', session };

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'verified',
    (error: { code?: string }) => error.code,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens verified before', () => {
  it('expire when their time is up, as a token verified for the first time does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T10:00:00Z'));
    const tokens = accessTokens(secret, 60);
    const jwt = await tokens.sign(user, session);
    expect(await tokens.verify(jwt)).toEqual(claimed);
    vi.setSystemTime(new Date('2026-12-06T10:00:59Z'));
    expect(await tokens.verify(jwt)).toEqual(claimed);
    vi.setSystemTime(new Date('2026-12-06T10:01:00Z'));
    expect(await failure(tokens.verify(jwt))).toBe('token_expired');
    // And again, now that it is forgotten; another instance that never saw it says the same.
    expect(await failure(tokens.verify(jwt))).toBe('token_expired');
    expect(await failure(accessTokens(secret, 60).verify(jwt))).toBe('token_expired');
  });

  it('are the only text taken for them: a changed signature, payload or key is refused', async () => {
    const tokens = accessTokens(secret, 600);
    const jwt = await tokens.sign(user, session);
    await tokens.verify(jwt);
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await failure(tokens.verify(`${header}.${payload}.${flipped}`))).toBe('invalid_token');
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), license_id: 4 }),
    ).toString('base64url');
    expect(await failure(tokens.verify(`${header}.${admin}.${signature}`))).toBe('invalid_token');
    const otherKey = await accessTokens(
      new TextEncoder().encode('another-secret-of-thirty-two-bytes!'),
      600,
    ).sign(user, session);
    expect(await failure(tokens.verify(otherKey))).toBe('invalid_token');
    expect(await tokens.verify(jwt)).toEqual(claimed);
  });

  it('answer a copy: a caller changing what it was given changes no later answer', async () => {
    const tokens = accessTokens(secret, 600);
    const jwt = await tokens.sign(user, session);
    const first = await tokens.verify(jwt);
    const second = await tokens.verify(jwt);
    expect(second).not.toBe(first);
    Object.assign(second, { role: 'user', licenceId: 99 });
    expect(await tokens.verify(jwt)).toEqual(claimed);
  });
});
