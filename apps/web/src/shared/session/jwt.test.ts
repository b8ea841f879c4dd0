import { describe, expect, it } from 'vitest';
import { makeJwt } from '../../test/fixtures';
import { decodeClaims, expiresWithin } from './jwt';

describe('decodeClaims', () => {
  it('reads the server claims in camelCase', () => {
    const claims = decodeClaims(makeJwt(60, '42'));
    expect(claims).toMatchObject({
      sub: '42',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'admin',
      licenseId: 7,
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('rejects a malformed token', () => {
    expect(() => decodeClaims('not-a-token')).toThrow();
  });

  it('says a token expires within 2 s, or is past expiry', () => {
    const now = 1_000_000_000_000;
    const claims = (exp: number) => ({ ...decodeClaims(makeJwt()), exp });
    expect(expiresWithin(claims(now / 1000 + 3), 2_000, now)).toBe(false);
    expect(expiresWithin(claims(now / 1000 + 2), 2_000, now)).toBe(true);
    expect(expiresWithin(claims(now / 1000 - 60), 2_000, now)).toBe(true);
  });
});
