import { describe, expect, it } from 'vitest';
import { englishReason } from './import-reasons.ts';
import { readImportRow } from './import-row.ts';

const mapping = { first_name: [0], emails: [1], phones: [2], tags: [3] };

describe('readImportRow: a refused row names its reason as a code', () => {
  it('a value too long, or too many values, with the field and the limit', () => {
    const long = readImportRow(['x'.repeat(300), '', '', ''], 2, mapping);
    expect(long).toEqual({ ok: false, row: 2, reason: { code: 'too_long', field: 'first_name', max: 200 } });
    const tags = Array.from({ length: 51 }, (_, i) => `t${i}`).join('|');
    const many = readImportRow(['Ada', '', '', tags], 3, mapping);
    expect(many).toEqual({ ok: false, row: 3, reason: { code: 'too_many', field: 'tags', max: 50 } });
  });

  it('words each code in English for API readers', () => {
    expect(englishReason({ code: 'too_long', field: 'first_name', max: 255 })).toBe(
      'The first name is longer than 255 characters',
    );
    expect(englishReason({ code: 'too_many', field: 'tags', max: 50 })).toBe('More than 50 tags');
    expect(englishReason({ code: 'too_long', field: 'tags', max: 255 })).toBe(
      'A tag is longer than 255 characters',
    );
  });
});
