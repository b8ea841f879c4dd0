import { describe, expect, it } from 'vitest';
import { canCreateTag, exactTagForEnter, searchTags } from './tag-rules';

const java = { id: 1, name: 'Java' };
const javascript = { id: 2, name: 'JavaScript' };
const remote = { id: 3, name: 'Remote' };
const all = [java, javascript, remote];

describe('the tag rules of SPEC section 5', () => {
  it('searches a case-insensitive substring of the name', () => {
    expect(searchTags(all, [], 'AVA')).toEqual([java, javascript]);
    expect(searchTags(all, [], 'mot')).toEqual([remote]);
    expect(searchTags(all, [], '')).toEqual(all);
  });

  it('leaves out the tags already on the offer', () => {
    expect(searchTags(all, [java], 'java')).toEqual([javascript]);
    expect(searchTags(all, [java, javascript, remote], '')).toEqual([]);
  });

  it('lets Enter add only an exact name among the tags not yet on the offer', () => {
    expect(exactTagForEnter(all, [], 'java')).toEqual(java);
    expect(exactTagForEnter(all, [], ' JAVASCRIPT ')).toEqual(javascript);
    expect(exactTagForEnter(all, [], 'jav')).toBeUndefined();
    expect(exactTagForEnter(all, [java], 'Java')).toBeUndefined();
    expect(exactTagForEnter(all, [], '   ')).toBeUndefined();
  });

  it('offers creation for a non-empty name no tag has, ignoring case', () => {
    expect(canCreateTag(all, 'Kotlin')).toBe(true);
    expect(canCreateTag(all, 'jav')).toBe(true);
    expect(canCreateTag(all, 'REMOTE')).toBe(false);
    expect(canCreateTag(all, '')).toBe(false);
    expect(canCreateTag(all, '   ')).toBe(false);
  });
});
