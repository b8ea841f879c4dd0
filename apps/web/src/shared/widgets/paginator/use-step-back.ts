import { useEffect } from 'react';

/**
 * A page past the last one (a stale address, rows deleted here or in another tab) steps back to the last page
 * that has rows, once the list has answered that page empty. Every paged screen does this (SPEC section 4, "Lists").
 */
export function useStepBackPastLastPage(
  list: { isFetching: boolean; data?: { data: readonly unknown[] } | undefined },
  page: number,
  totalPages: number,
  setPage: (page: number) => void,
): void {
  const answeredEmpty = !list.isFetching && list.data !== undefined && list.data.data.length === 0;
  useEffect(() => {
    if (answeredEmpty && page > 1 && totalPages >= 1 && page > totalPages) setPage(totalPages);
  }, [answeredEmpty, page, totalPages, setPage]);
}
