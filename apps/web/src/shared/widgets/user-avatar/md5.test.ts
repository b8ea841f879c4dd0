import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['The quick brown fox jumps over the lazy dog', '9e107d9d372bb6826bd81d3542a419d6'],
    ['myemailaddress@example.com', '0bc83cb571cd1c50ba6f3e8a78ef1346'],
    ['élève@exemple.fr', 'fbc2ab5e89d57e1e61a1c6d2fbf06318'],
    ['a'.repeat(55), 'ef1772b6dff9a122358552954ad0df65'],
    ['a'.repeat(56), '3b0c8ac703f828b04c6c197006d17218'],
    ['a'.repeat(64), '014842d480b571495a4a0363793f7367'],
    ['x'.repeat(1000), '398533d48111e9f664b1f64cb10c4b63'],
  ])('hashes %j like RFC 1321', (input, digest) => {
    expect(md5(input)).toBe(digest);
  });
});
