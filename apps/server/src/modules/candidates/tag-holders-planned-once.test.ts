import { describe, expect, it } from 'vitest';
import { indexNewest } from './newest-rows.ts';
import { parseTagExpression } from './tag-expression.ts';
import { PLANNED_ONCE_GROUP_SHARE_MAX, tagsPlannedOnce } from './tag-holders.ts';

// Whether tags alone are planned once (decision 257): only with a bound, and when each group the bound cannot
// speak for is rare among the sample's newest rows.
const bound = true;
// 1,000 newest rows: every one holds tag 1, one in ten tag 2, the first `shared` rows tag 3 too.
const sampleWith = (shared: number) => ({
  newest: indexNewest(
    Array.from({ length: 1000 }, (_, i) => ({
      text: '',
      first: null,
      last: null,
      tagIds: [1, ...(i % 10 === 0 ? [2] : []), ...(i < shared ? [3] : [])],
    })),
  ),
});
const expression = (...elements: string[]) => parseTagExpression(elements);
const atTheLimit = PLANNED_ONCE_GROUP_SHARE_MAX * 1000;

describe('tagsPlannedOnce', () => {
  it('plans once an expression whose every group the bound speaks for, common or not', () => {
    expect(tagsPlannedOnce(expression('1'), bound, sampleWith(0))).toBe(true);
    expect(tagsPlannedOnce(expression('1', 'not', '2'), bound, sampleWith(0))).toBe(true);
    expect(tagsPlannedOnce(expression('1', 'or', '2'), bound, sampleWith(0))).toBe(true);
  });

  it('plans once with a group of two tags only while it is rare among the newest', () => {
    expect(tagsPlannedOnce(expression('2', 'and', '3', 'or', '1'), bound, sampleWith(atTheLimit))).toBe(true);
    expect(tagsPlannedOnce(expression('1', 'and', '3', 'or', '2'), bound, sampleWith(atTheLimit))).toBe(true);
    expect(tagsPlannedOnce(expression('1', 'and', '3', 'or', '2'), bound, sampleWith(atTheLimit + 1))).toBe(
      false,
    );
    // Tags 1 and 2 together: one row in ten.
    expect(tagsPlannedOnce(expression('1', 'and', '2', 'or', '3'), bound, sampleWith(0))).toBe(false);
  });

  it('plans a group of exclusions alone for its values: it holds most candidates', () => {
    expect(tagsPlannedOnce(expression('not', '3', 'or', '2'), bound, sampleWith(0))).toBe(false);
  });

  it('plans for the values without a bound or a sample', () => {
    expect(tagsPlannedOnce(expression('1'), false, sampleWith(0))).toBe(false);
    expect(tagsPlannedOnce(expression('1'), bound, undefined)).toBe(false);
    expect(tagsPlannedOnce(expression('1'), bound, { newest: indexNewest([]) })).toBe(false);
  });
});
