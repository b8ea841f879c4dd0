import { describe, expect, it } from 'vitest';
import { canCreateCompany } from './company-rules';

const found = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Acme Labs' },
];

describe("'Create and set company' (SPEC sections 2 and 5)", () => {
  it('needs a search longer than 1 character', () => {
    expect(canCreateCompany('', [])).toBe(false);
    expect(canCreateCompany('A', [])).toBe(false);
    expect(canCreateCompany(' B ', [])).toBe(false);
    expect(canCreateCompany('Bo', [])).toBe(true);
  });

  it('is not offered when a company has exactly this name, ignoring case', () => {
    expect(canCreateCompany('acme', found)).toBe(false);
    expect(canCreateCompany('ACME LABS', found)).toBe(false);
    expect(canCreateCompany('Acm', found)).toBe(true);
    expect(canCreateCompany('Acme Lab', found)).toBe(true);
  });
});
