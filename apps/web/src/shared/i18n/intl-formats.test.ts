import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-formats';

describe('Intl formatters built once', () => {
  it('answers the same formatter for the same locale and options, another for other ones', () => {
    const short = dateTimeFormat('fr-FR', { year: 'numeric', month: '2-digit', day: '2-digit' });
    expect(dateTimeFormat('fr-FR', { year: 'numeric', month: '2-digit', day: '2-digit' })).toBe(short);
    expect(dateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' })).not.toBe(short);
    expect(dateTimeFormat('fr-FR', { dateStyle: 'medium' })).not.toBe(short);
    expect(numberFormat('en', { maximumFractionDigits: 1 })).toBe(
      numberFormat('en', { maximumFractionDigits: 1 }),
    );
    expect(relativeTimeFormat('fr', { numeric: 'auto' })).not.toBe(
      relativeTimeFormat('fr', { numeric: 'always' }),
    );
  });

  it('formats as a formatter built for the call would', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    };
    expect(dateTimeFormat('fr-FR', options).format(at)).toBe('22/11/2026');
    expect(dateTimeFormat('en-US', options).format(at)).toBe('11/22/2026');
    expect(numberFormat('fr', { maximumFractionDigits: 1 }).format(1234.56)).toBe(
      new Intl.NumberFormat('fr', { maximumFractionDigits: 1 }).format(1234.56),
    );
    expect(relativeTimeFormat('fr', { numeric: 'always' }).format(-2, 'day')).toBe('il y a 2 jours');
  });
});
