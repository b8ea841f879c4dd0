import { describe, expect, it } from 'vitest';
import { formatCreationDate } from './format-creation-date';

describe('the creation date of a card', () => {
  it('is in the short US format in English and the short French one in French', () => {
    expect(formatCreationDate('2026-11-22T12:00:00Z', 'en')).toBe('11/22/2026');
    expect(formatCreationDate('2026-03-05T12:00:00Z', 'en')).toBe('03/05/2026');
    expect(formatCreationDate('2026-11-22T12:00:00Z', 'fr')).toBe('22/11/2026');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatCreationDate('not a date', 'en')).toBe('');
  });
});
