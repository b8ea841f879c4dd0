import { describe, expect, it } from 'vitest';
import { canNegate, isComplete, nextStep, type TagElement, toWire } from './tag-expression';

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
});
