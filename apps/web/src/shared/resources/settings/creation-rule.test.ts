import { describe, expect, it } from 'vitest';
import { canCreate } from './creation-rule';
import type { Settings } from './get-settings';
import { wireSettings } from './testing/wire-settings';

const settings = (values: Parameters<typeof wireSettings>[0] = {}): Settings => {
  const { data, received_at } = wireSettings(values);
  return { data, receivedAt: received_at };
};

describe('canCreate', () => {
  it('lets an admin create tags and companies whatever the rules, even before the settings arrive', () => {
    const strict = settings({ tags_rule: 'not-createable', company_creation: 'admins_only' });
    for (const kind of ['tag', 'company'] as const) {
      expect(canCreate(strict, 'admin', kind)).toBe(true);
      expect(canCreate(undefined, 'admin', kind)).toBe(true);
    }
  });

  it('follows each rule for a user: tags_rule for tags, company_creation for companies', () => {
    expect(canCreate(settings(), 'user', 'tag')).toBe(true);
    expect(canCreate(settings(), 'user', 'company')).toBe(true);
    const noTags = settings({ tags_rule: 'not-createable' });
    expect(canCreate(noTags, 'user', 'tag')).toBe(false);
    expect(canCreate(noTags, 'user', 'company')).toBe(true);
    const noCompanies = settings({ company_creation: 'admins_only' });
    expect(canCreate(noCompanies, 'user', 'tag')).toBe(true);
    expect(canCreate(noCompanies, 'user', 'company')).toBe(false);
  });

  it('offers nothing to a user, or to nobody signed in, while the settings are unknown', () => {
    expect(canCreate(undefined, 'user', 'tag')).toBe(false);
    expect(canCreate(undefined, 'user', 'company')).toBe(false);
    expect(canCreate(undefined, undefined, 'company')).toBe(false);
    expect(canCreate(settings({ company_creation: 'admins_only' }), undefined, 'company')).toBe(false);
  });

  it('reads a rule missing from the list as the default, as the server does', () => {
    const without = { data: settings().data.filter((s) => s.name !== 'tags_rule'), receivedAt: '' };
    expect(canCreate(without, 'user', 'tag')).toBe(true);
  });
});
