import { describe, expect, it } from 'vitest';
import { canNegate, fromWire, isComplete, nextStep, type TagElement, toWire } from './tag-expression';

const java: TagElement = { kind: 'tag', id: 3, name: 'Java' };
const react: TagElement = { kind: 'tag', id: 7, name: 'React' };
const op = (operator: 'and' | 'or' | 'not'): TagElement => ({ kind: 'operator', operator });

describe('the tag expression', () => {
  it('alternates tag and operator, and is complete only when a tag is last', () => {
    expect(nextStep([])).toBe('tag');
    expect(nextStep([java])).toBe('operator');
    expect(nextStep([java, op('and')])).toBe('tag');
    expect(isComplete([])).toBe(true);
    expect(isComplete([java])).toBe(true);
    expect(isComplete([java, op('or')])).toBe(false);
    expect(isComplete([java, op('or'), op('not')])).toBe(false);
    expect(isComplete([java, op('or'), op('not'), react])).toBe(true);
  });

  it('offers NOT where a tag is expected, once', () => {
    expect(canNegate([])).toBe(true);
    expect(canNegate([java])).toBe(false);
    expect(canNegate([java, op('and')])).toBe(true);
    expect(canNegate([java, op('and'), op('not')])).toBe(false);
  });

  it('sends tag ids and operators in turn', () => {
    expect(toWire([java, op('and'), op('not'), react])).toEqual(['3', 'and', 'not', '7']);
  });

  it("reads an address's elements back, naming the tags it knows", () => {
    const names = new Map([[3, 'Java']]);
    expect(fromWire(['3', 'and', 'not', '7'], names)).toEqual([
      java,
      op('and'),
      op('not'),
      { kind: 'tag', id: 7, name: '#7' },
    ]);
    expect(toWire(fromWire(['3', 'OR', '7'], names))).toEqual(['3', 'or', '7']);
    expect(fromWire(['x', '-1', '3'], names)).toEqual([java]);
  });
});
