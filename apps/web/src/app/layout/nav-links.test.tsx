import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/router';
import { NavLinks } from './nav-links';

const at = (path: string) => renderRoutes([{ path: '*', element: <NavLinks /> }], path);
const current = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('the side menu links (SPEC section 2)', () => {
  it('lists the links with their targets', () => {
    at('/jobs');
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Job offers', '/jobs'],
      ['Candidates', '/candidates'],
      ['Reports', '/reports'],
      ['Interviews', '/interviews'],
      ['Users', '/users'],
      ['Settings', '/settings'],
      ['Logout', '/logout'],
    ]);
  });

  it('matches Job offers and Users by prefix', () => {
    at('/jobs/12/export');
    expect(current()).toEqual(['Job offers']);
  });

  it('matches Users by prefix', () => {
    at('/users/3');
    expect(current()).toEqual(['Users']);
  });

  it('matches Candidates and Settings exactly', () => {
    at('/candidates/4');
    expect(current()).toEqual([]);
  });

  it('marks Reports on /reports, whatever the filters in its address', () => {
    at('/reports?report=sources&from=2026-01-01');
    expect(current()).toEqual(['Reports']);
  });

  it('marks Settings on /settings', () => {
    at('/settings');
    expect(current()).toEqual(['Settings']);
  });
});
