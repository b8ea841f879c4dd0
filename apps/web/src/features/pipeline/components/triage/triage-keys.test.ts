import { describe, expect, it } from 'vitest';
import { extended, statusForDigit, stepFrom, TRIAGE_KEYS, toggled, undoGroups } from './triage-keys';

describe('stepFrom (j / k)', () => {
  const ids = [10, 20, 30];
  it('starts at the first candidate with j and the last with k when nobody is current', () => {
    expect(stepFrom(ids, undefined, 1)).toEqual({ kind: 'at', index: 0 });
    expect(stepFrom(ids, undefined, -1)).toEqual({ kind: 'at', index: 2 });
    expect(stepFrom(ids, 99, 1)).toEqual({ kind: 'at', index: 0 });
  });
  it('walks one candidate at a time and says when it leaves the page', () => {
    expect(stepFrom(ids, 10, 1)).toEqual({ kind: 'at', index: 1 });
    expect(stepFrom(ids, 20, -1)).toEqual({ kind: 'at', index: 0 });
    expect(stepFrom(ids, 30, 1)).toEqual({ kind: 'after' });
    expect(stepFrom(ids, 10, -1)).toEqual({ kind: 'before' });
    expect(stepFrom([], undefined, 1)).toEqual({ kind: 'after' });
    expect(stepFrom([], undefined, -1)).toEqual({ kind: 'before' });
  });
});

describe('the selection (x, shift+j / shift+k)', () => {
  it('toggles one candidate in and out without changing the map it was given', () => {
    const empty = new Map<number, string>();
    const one = toggled(empty, 1, 'a');
    expect([...one.keys()]).toEqual([1]);
    expect(empty.size).toBe(0);
    expect(toggled(one, 1, 'a').size).toBe(0);
  });
  it('extends with every entry given, once each', () => {
    const start = new Map([[1, 'a']]);
    expect([
      ...extended(start, [
        [1, 'a'],
        [2, 'b'],
      ]).keys(),
    ]).toEqual([1, 2]);
  });
});

describe('statusForDigit (1-9)', () => {
  it('names the pipeline status of that number and nothing past its end', () => {
    const statuses = ['Applied', 'Interview', 'Hired'];
    expect(statusForDigit(statuses, 1)).toBe('Applied');
    expect(statusForDigit(statuses, 3)).toBe('Hired');
    expect(statusForDigit(statuses, 4)).toBeUndefined();
    expect(statusForDigit(statuses, 0)).toBeUndefined();
    expect(statusForDigit(statuses, 10)).toBeUndefined();
  });
});

describe('undoGroups', () => {
  it('groups the moved applications by the status each had, leaving out those that had none', () => {
    const { groups, withoutStatus } = undoGroups([
      { id: 1, statusId: 11 },
      { id: 2, statusId: 12 },
      { id: 3, statusId: 11 },
      { id: 4, statusId: null },
    ]);
    expect([...groups.entries()].map(([s, list]) => [s, list.map((a) => a.id)])).toEqual([
      [11, [1, 3]],
      [12, [2]],
    ]);
    expect(withoutStatus).toBe(1);
  });
});

it('lists every key the issue names, once', () => {
  const texts = TRIAGE_KEYS.map((k) => k.text);
  expect(new Set(texts).size).toBe(texts.length);
  expect(texts).toEqual(
    expect.arrayContaining([
      'next',
      'previous',
      'moveTo',
      'note',
      'edit',
      'select',
      'moveSelection',
      'search',
      'help',
    ]),
  );
});
