import { describe, expect, it } from 'vitest';
import { roleOfLabel } from './role-choice';

describe('roleOfLabel', () => {
  it("maps the Admin label to 'admin' and anything else to 'user' (SPEC section 4)", () => {
    expect(roleOfLabel('Admin', 'Admin')).toBe('admin');
    expect(roleOfLabel('Administrateur', 'Administrateur')).toBe('admin');
    for (const label of ['User', 'Utilisateur', 'admin', '', 'Admin '])
      expect(roleOfLabel(label, 'Admin')).toBe('user');
  });
});
