import { describe, expect, it } from 'vitest';
import { memoryRateLimitStore } from '../../../lib/rate-limit.ts';
import { applyGuard } from './apply-guard.ts';

// The apply form's guards alone, on a clock of the test's (decision 191).
const limits = { freePerWindow: 2, maxPerWindow: 3, minFillMs: 3000 };

function guardAt(start: number) {
  let now = start;
  const guard = applyGuard({ secret: 'k'.repeat(48), store: memoryRateLimitStore(), limits, now: () => now });
  const wait = (ms: number) => {
    now += ms;
  };
  return { guard, wait };
}
const fields = (formToken: string, honeypot = '') => ({ formToken, honeypot, proof: '' });

describe('applyGuard', () => {
  it('lets a form through once it has been open for the least fill time, not sooner', async () => {
    const { guard, wait } = guardAt(1_700_000_000_000);
    const token = guard.formToken('1:2');
    wait(1000);
    expect((await guard.judge(fields(token), '1:2', { free: true })).kind).toBe('challenge');
    wait(2000);
    expect((await guard.judge(fields(token), '1:2', { free: true })).kind).toBe('pass');
    // A day later the token is stale; a token of another offer never counts.
    expect((await guard.judge(fields(token), '1:3', { free: true })).kind).toBe('challenge');
    wait(25 * 3600_000);
    expect((await guard.judge(fields(token), '1:2', { free: true })).kind).toBe('challenge');
  });

  it('refuses a token whose time was changed, and traps a filled honeypot first', async () => {
    const { guard, wait } = guardAt(1_700_000_000_000);
    const token = guard.formToken('1:2');
    wait(5000);
    const [, signature] = token.split('.');
    expect((await guard.judge(fields(`1600000000000.${signature}`), '1:2', { free: true })).kind).toBe(
      'challenge',
    );
    expect((await guard.judge(fields(token, 'http://spam'), '1:2', { free: true })).kind).toBe('trap');
    expect((await guard.judge(fields('garbage'), '1:2', { free: true })).kind).toBe('challenge');
  });

  it('counts an address: free, then challenged, then 429', async () => {
    const { guard } = guardAt(1_700_000_000_000);
    expect(await guard.admit('a')).toEqual({ free: true });
    expect(await guard.admit('a')).toEqual({ free: true });
    expect(await guard.admit('a')).toEqual({ free: false });
    await expect(guard.admit('a')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(await guard.admit('b')).toEqual({ free: true });
  });
});
