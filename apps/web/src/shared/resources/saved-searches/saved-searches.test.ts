import { describe, expect, it } from 'vitest';
import { type SavedSearch, savedSearchPath } from './saved-searches';

const search = (query: Partial<SavedSearch['query']>): SavedSearch => ({
  id: 1,
  name: 'Rust',
  shared: false,
  mine: true,
  owner: { id: 1, name: 'Ada' },
  query: { search: '', tags: [], inCvs: false, source: '', legalBasis: '', ...query },
  newMatches: 0,
  newMatchesCapped: false,
  lastOpenedAt: null,
  alert: 'off',
  createdAt: '2026-11-28T00:00:00.000Z',
});

describe('savedSearchPath', () => {
  it('writes the filters as the candidates screen reads them from its address', () => {
    const path = savedSearchPath(
      search({ search: 'rust dev', inCvs: true, source: 'linkedin', legalBasis: 'consent' }),
    );
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/candidates');
    expect(url.searchParams.get('filters[search]')).toBe('rust dev');
    expect(url.searchParams.get('filters[in_cvs]')).toBe('true');
    expect(url.searchParams.get('filters[source]')).toBe('linkedin');
    expect(url.searchParams.get('filters[legal_basis]')).toBe('consent');
  });

  it('writes the tag expression as its elements, in order', () => {
    const url = new URL(savedSearchPath(search({ tags: ['3', 'and', 'not', '7'] })), 'http://x');
    expect(url.searchParams.getAll('filters[tags][]')).toEqual(['3', 'and', 'not', '7']);
  });

  it('leaves out the filters a search does not set', () => {
    expect(savedSearchPath(search({}))).toBe('/candidates');
    expect(savedSearchPath(search({ search: 'a&b' }))).toBe('/candidates?filters%5Bsearch%5D=a%26b');
  });
});
