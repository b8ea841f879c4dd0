import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestSlots } from './request-slots.ts';

describe('request slots', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs up to max at once, lets the next wait in line, and refuses one that waited too long', async () => {
    const slots = new RequestSlots(2, 500);
    expect(slots.acquire()).toBe(true);
    expect(slots.acquire()).toBe(true);
    const first = slots.acquire();
    const second = slots.acquire();
    expect(slots.counts).toEqual({ running: 2, waiting: 2 });

    // A slot freed goes to the first in line, not back to the count: a newcomer cannot overtake.
    slots.release();
    await expect(first).resolves.toBe(true);
    expect(slots.counts).toEqual({ running: 2, waiting: 1 });
    await vi.advanceTimersByTimeAsync(400);
    const late = slots.acquire();
    expect(late).toBeInstanceOf(Promise);

    // The second has waited 500 ms: refused; the late one 500 ms after it came.
    await vi.advanceTimersByTimeAsync(100);
    await expect(second).resolves.toBe(false);
    expect(slots.counts).toEqual({ running: 2, waiting: 1 });
    await vi.advanceTimersByTimeAsync(399);
    expect(slots.counts).toEqual({ running: 2, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    await expect(late).resolves.toBe(false);

    // Every slot freed: the next are served at once.
    slots.release();
    slots.release();
    expect(slots.counts).toEqual({ running: 0, waiting: 0 });
    expect(slots.acquire()).toBe(true);
  });

  it('takes out of line a request whose client went away, and refuses at once when no wait is allowed', async () => {
    const slots = new RequestSlots(1, 500);
    expect(slots.acquire()).toBe(true);
    let goAway = () => {};
    const gone = slots.acquire((giveUp) => {
      goAway = giveUp;
    });
    const next = slots.acquire();
    goAway();
    await expect(gone).resolves.toBe(false);
    slots.release();
    await expect(next).resolves.toBe(true);
    expect(slots.counts).toEqual({ running: 1, waiting: 0 });

    const strict = new RequestSlots(1, 0);
    expect(strict.acquire()).toBe(true);
    await expect(strict.acquire()).resolves.toBe(false);
    expect(strict.counts).toEqual({ running: 1, waiting: 0 });
  });
});
