import { describe, expect, it } from 'vitest';
import { memoryRateLimitStore } from './rate-limit.ts';

// The in-memory store the careers pages' limiters share (decisions 190, 191): windows of a minute (views), ten
// minutes (applications) and twenty (a spent proof of work) counted side by side.
describe('memoryRateLimitStore', () => {
  it("keeps a long window's count while a shorter limiter moves to newer windows", async () => {
    const store = memoryRateLimitStore();
    const now = Date.now();
    const twenty = new Date(Math.floor(now / 1_200_000) * 1_200_000);
    expect(await store.hit('apply-proof:p', twenty, 1200)).toBe(1);
    // A page view in the current minute: a window that started after the proof's.
    const minute = new Date(Math.floor(now / 60_000) * 60_000 + 60_000);
    expect(await store.hit('view:a', minute, 60)).toBe(1);
    // The proof is still spent: used again, its count goes past one.
    expect(await store.hit('apply-proof:p', twenty, 1200)).toBe(2);
  });

  it('starts a counter again once its own window is over, and takes back and resets', async () => {
    const store = memoryRateLimitStore();
    const past = new Date(Date.now() - 120_000);
    expect(await store.hit('k', past, 60, 3)).toBe(3);
    await store.unhit('k', past);
    expect(await store.hit('k', past, 60)).toBe(3);
    const current = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    expect(await store.hit('k', current, 60)).toBe(1);
    await store.reset('k', current);
    expect(await store.hit('k', current, 60)).toBe(1);
  });
});
