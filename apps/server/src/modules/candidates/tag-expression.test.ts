import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { parseTagExpression } from './tag-expression.ts';

const failure = (elements: string[]) => {
  try {
    parseTagExpression(elements);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
  }
  return undefined;
};

describe('parseTagExpression', () => {
  it('reads one tag, AND, OR, and AND before OR', () => {
    expect(parseTagExpression([])).toEqual([]);
    expect(parseTagExpression(['3'])).toEqual([{ all: [3], none: [] }]);
    expect(parseTagExpression(['3', 'and', '4'])).toEqual([{ all: [3, 4], none: [] }]);
    expect(parseTagExpression(['3', 'or', '4'])).toEqual([
      { all: [3], none: [] },
      { all: [4], none: [] },
    ]);
    // a AND b OR c AND d = (a AND b) OR (c AND d)
    expect(parseTagExpression(['1', 'AND', '2', 'Or', '3', 'and', '4'])).toEqual([
      { all: [1, 2], none: [] },
      { all: [3, 4], none: [] },
    ]);
  });

  it('applies NOT to the next tag, after an operator, first, or in place of AND', () => {
    expect(parseTagExpression(['1', 'and', '2', 'or', 'not', '3'])).toEqual([
      { all: [1, 2], none: [] },
      { all: [], none: [3] },
    ]);
    expect(parseTagExpression(['not', '5'])).toEqual([{ all: [], none: [5] }]);
    expect(parseTagExpression(['1', 'not', '2'])).toEqual([{ all: [1], none: [2] }]);
    expect(parseTagExpression(['1', 'and', 'not', '2', 'and', '3'])).toEqual([{ all: [1, 3], none: [2] }]);
  });

  it('names the position of what does not fit', () => {
    expect(failure(['and'])).toEqual({
      status: 400,
      code: 'invalid_tag_expression',
      message: "filters[tags][0]: expected a tag id, got 'and'",
    });
    expect(failure(['1', '2'])?.message).toBe(
      "filters[tags][1]: expected an operator (and, or, not), got '2'",
    );
    expect(failure(['1', 'or'])?.message).toBe("filters[tags][2]: expected a tag id after 'or'");
    expect(failure(['1', 'and', 'not', 'not', '2'])?.message).toBe(
      "filters[tags][3]: expected a tag id, got 'not'",
    );
    expect(failure(['1', 'xor', '2'])?.message).toContain('filters[tags][1]');
    expect(failure(['0'])?.message).toContain('filters[tags][0]');
    expect(failure(['-1'])?.message).toContain('filters[tags][0]');
    expect(failure(['2147483648'])?.message).toContain('filters[tags][0]');
    expect(failure(['1.5'])?.message).toContain('filters[tags][0]');
    expect(failure([''])?.message).toContain('filters[tags][0]');
    expect(failure(Array.from({ length: 51 }, (_, i) => (i % 2 ? 'and' : '1')))?.status).toBe(400);
  });
});
