import type { StateStorage } from 'zustand/middleware';

export interface ThrottledStorage extends StateStorage {
  /** Writes a pending value now (used when the page is hidden or unloaded, so a rotated token is not lost). */
  flush(): void;
}

/**
 * Storage whose writes happen at most once per `waitMs`, on the leading and the trailing edge (SPEC section 9:
 * the state is saved at most once every 5 seconds). Removal is immediate and drops a pending write.
 */
export function createThrottledStorage(storage: StateStorage, waitMs: number, now: () => number = Date.now) {
  let lastWrite = Number.NEGATIVE_INFINITY;
  let pending: { name: string; value: string } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = (name: string, value: string): void => {
    lastWrite = now();
    void storage.setItem(name, value);
  };
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { name, value } = pending;
    pending = undefined;
    write(name, value);
  };

  const throttled: ThrottledStorage = {
    getItem: (name) => storage.getItem(name),
    setItem(name, value) {
      const elapsed = now() - lastWrite;
      if (timer === undefined && elapsed >= waitMs) {
        write(name, value);
        return;
      }
      pending = { name, value };
      timer ??= setTimeout(flush, Math.max(0, waitMs - elapsed));
    },
    removeItem(name) {
      if (pending?.name === name) pending = undefined;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      void storage.removeItem(name);
    },
    flush,
  };
  return throttled;
}
