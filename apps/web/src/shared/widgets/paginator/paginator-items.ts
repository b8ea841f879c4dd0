/** One slot of the paginator: a page button, or dots standing for hidden pages that jump to their midpoint. */
export type PaginatorItem =
  | { type: 'page'; page: number }
  | { type: 'dots'; page: number; side: 'left' | 'right' };

/**
 * SPEC section 2: first and last page, the current page with its neighbours, and dots for the pages hidden in
 * between; a single hidden page is shown as itself rather than as dots. No items at zero pages.
 */
export function paginatorItems(current: number, total: number): PaginatorItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set([1, page - 1, page, page + 1, total].filter((p) => p >= 1 && p <= total));
  const items: PaginatorItem[] = [];
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    const hidden = p - previous - 1;
    if (hidden === 1) items.push({ type: 'page', page: previous + 1 });
    if (hidden > 1) {
      items.push({
        type: 'dots',
        page: Math.floor((previous + 1 + p - 1) / 2),
        side: p <= page ? 'left' : 'right',
      });
    }
    items.push({ type: 'page', page: p });
    previous = p;
  }
  return items;
}
