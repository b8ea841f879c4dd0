import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QUERY_DEFAULTS, refetchAfterWrite } from './query-client';

/**
 * A list whose first fetch is answered before a write and arrives after it: the server's files before and after
 * a file is dropped on a candidate's panel while its list loads.
 */
function listLoadingDuringAWrite() {
  const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const saved: string[] = [];
  const answers: (() => void)[] = [];
  const queryKey = ['candidate-files', 1];
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      const answer = [...saved]; // what the server read, at the time it was asked
      return new Promise<string[]>((resolve) => answers.push(() => resolve(answer)));
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    client,
    queryKey,
    write: (file: string) => saved.push(file),
    /** Delivers the answers asked so far, the oldest first. */
    answer: async () => {
      for (const deliver of answers.splice(0)) deliver();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    shown: () => observer.getCurrentResult().data,
    unsubscribe,
  };
}

describe('refetchAfterWrite', () => {
  it('fetches again after a write made while the first fetch was in flight', async () => {
    const list = listLoadingDuringAWrite();
    list.write('cv.pdf');
    const refreshed = refetchAfterWrite(list.client, { queryKey: list.queryKey });
    await list.answer();
    await list.answer();
    await refreshed;
    expect(list.shown()).toEqual(['cv.pdf']);
    list.unsubscribe();
  });

  it('is needed: a bare invalidation reuses the first fetch, and the list misses the write', async () => {
    const list = listLoadingDuringAWrite();
    list.write('cv.pdf');
    const invalidated = list.client.invalidateQueries({ queryKey: list.queryKey });
    await list.answer();
    await invalidated;
    await list.answer();
    expect(list.shown()).toEqual([]);
    list.unsubscribe();
  });
});
