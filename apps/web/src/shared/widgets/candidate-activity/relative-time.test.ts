import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('words the time in the largest unit that fits, in English and French', () => {
    expect(relativeTime(ago(2 * 24 * 3600), 'en', now)).toBe('2 days ago');
    expect(relativeTime(ago(2 * 24 * 3600), 'fr', now)).toBe('il y a 2 jours');
    expect(relativeTime(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(relativeTime(ago(5 * 60), 'fr', now)).toBe('il y a 5 minutes');
    expect(relativeTime(ago(24 * 3600), 'en', now)).toBe('1 day ago');
    expect(relativeTime(ago(24 * 3600), 'fr', now)).toBe('il y a 1 jour');
  });

  it('says now under a minute', () => {
    expect(relativeTime(ago(20), 'en', now)).toBe('now');
    expect(relativeTime(ago(20), 'fr', now)).toBe('maintenant');
  });
});
