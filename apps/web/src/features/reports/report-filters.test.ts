import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, readAddress, writeAddress } from './report-filters';

describe("the Reports screen's address", () => {
  it('reads back what it wrote, so a shared link opens the same report', () => {
    const state = {
      report: 'sources' as const,
      view: 'table' as const,
      filters: {
        offers: ['4', '12'],
        company: '3',
        user: '7',
        tags: ['9'],
        from: '2026-03-02',
        to: '2026-03-29',
      },
    };
    const address = writeAddress(state);
    expect(address.toString()).toBe(
      'report=sources&view=table&offers=4%2C12&company=3&user=7&tags=9&from=2026-03-02&to=2026-03-29',
    );
    expect(readAddress(new URLSearchParams(address.toString()))).toEqual(state);
  });

  it('drops what is malformed and falls back to the funnel of the last 90 days', () => {
    const state = readAddress(new URLSearchParams('report=nope&view=pie&offers=1,x,2&company=-1&from=march'));
    expect(state.report).toBe('funnel');
    expect(state.view).toBe('chart');
    expect(state.filters.offers).toEqual(['1', '2']);
    expect(state.filters.company).toBe('');
    expect({ from: state.filters.from, to: state.filters.to }).toEqual(presetRange('90d'));
  });

  it('turns presets into days ending today, and recognises them', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(presetRange('7d', now)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(presetRange('12m', now)).toEqual({ from: '2025-11-29', to: '2026-11-28' });
    expect(presetRange('year', now)).toEqual({ from: '2026-01-01', to: '2026-11-28' });
    const week = presetRange('7d');
    expect(presetOf(week.from, week.to)).toBe('7d');
    expect(presetOf('2001-01-01', '2001-01-31')).toBe('');
  });
});
