import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledStorage } from './throttled-storage';

const backing = () => {
  const values = new Map<string, string>();
  const writes: string[] = [];
  return {
    values,
    writes,
    storage: {
      getItem: (name: string) => values.get(name) ?? null,
      setItem: (name: string, value: string) => {
        writes.push(value);
        values.set(name, value);
      },
      removeItem: (name: string) => {
        values.delete(name);
      },
    },
  };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the throttled storage (SPEC section 9: at most once every 5 s, leading and trailing)', () => {
  it('writes the first value at once and the last of a burst 5 s later', () => {
    const { storage, writes } = backing();
    const throttled = createThrottledStorage(storage, 5_000);
    throttled.setItem('state', 'a');
    throttled.setItem('state', 'b');
    throttled.setItem('state', 'c');
    expect(writes).toEqual(['a']);
    vi.advanceTimersByTime(4_999);
    expect(writes).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a', 'c']);
    vi.advanceTimersByTime(10_000);
    expect(writes).toEqual(['a', 'c']);
    throttled.setItem('state', 'd');
    expect(writes).toEqual(['a', 'c', 'd']);
  });

  it('flushes a pending value on demand', () => {
    const { storage, writes } = backing();
    const throttled = createThrottledStorage(storage, 5_000);
    throttled.setItem('state', 'a');
    throttled.setItem('state', 'b');
    throttled.flush();
    expect(writes).toEqual(['a', 'b']);
    vi.advanceTimersByTime(5_000);
    expect(writes).toEqual(['a', 'b']);
  });

  it('removes at once and drops a pending write', () => {
    const { storage, writes, values } = backing();
    const throttled = createThrottledStorage(storage, 5_000);
    throttled.setItem('state', 'a');
    throttled.setItem('state', 'b');
    throttled.removeItem('state');
    vi.advanceTimersByTime(5_000);
    expect(writes).toEqual(['a']);
    expect(values.has('state')).toBe(false);
  });
});
