import { describe, expect, it } from 'vitest';
import { parsePage, readJobOffersUrlState } from './job-offers-url-state';

describe('the index state in the address', () => {
  it('turns a page that is not a positive integer into 1 (SPEC section 5)', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-3')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('4')).toBe(4);
  });

  it('reads page, creating, search, owner and archived', () => {
    const params = new URLSearchParams(
      'page=3&creating=true&filters[search]=dev&filters[owner]=mine&filters[archived]=true',
    );
    expect(readJobOffersUrlState(params)).toEqual({
      page: 3,
      creating: true,
      search: 'dev',
      owner: 'mine',
      archived: true,
    });
  });

  it('defaults to every active offer, page 1, form closed', () => {
    expect(readJobOffersUrlState(new URLSearchParams('filters[owner]=nobody&filters[archived]=yes'))).toEqual(
      {
        page: 1,
        creating: false,
        search: '',
        owner: 'all',
        archived: false,
      },
    );
  });
});
