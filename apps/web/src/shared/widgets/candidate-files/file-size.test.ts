import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('a file size', () => {
  // French puts a no-break space (U+00A0) before a word and a narrow one (U+202F) before a symbol.
  it('writes bytes in full, larger sizes short, in the language shown', () => {
    expect(fileSize(812, 'en')).toBe('812 bytes');
    expect(fileSize(1, 'en')).toBe('1 byte');
    expect(fileSize(812, 'fr')).toBe('812\u00a0octets');
    expect(fileSize(34_000, 'en')).toBe('34 kB');
    expect(fileSize(1_234_000, 'fr')).toBe('1,2\u202fMo');
  });
});
