import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { profileHref, SocialRow } from './social-row';

describe('SocialRow', () => {
  it('links only the networks present, in the fixed order', () => {
    renderWithProviders(
      <SocialRow
        profiles={[
          { type: 'twitter', value: 'https://twitter.com/ada' },
          { type: 'github', value: 'github.com/ada' },
          { type: 'facebook', value: '' },
          { type: 'myspace', value: 'https://myspace.com/ada' },
          { type: 'google_plus', value: 'https://plus.google.com/ada' },
        ]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'GitHub profile',
      'Twitter profile',
      'Google+ profile',
    ]);
    expect(screen.getByRole('link', { name: 'GitHub profile' })).toHaveAttribute(
      'href',
      'https://github.com/ada',
    );
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders nothing without profiles', () => {
    const { container } = renderWithProviders(<SocialRow profiles={[{ type: 'linkedin', value: null }]} />);
    expect(container.querySelector('a')).toBeNull();
  });

  it('never links a script address', () => {
    expect(profileHref('javascript:alert(1)')).toBeUndefined();
    expect(profileHref('linkedin.com/in/ada')).toBe('https://linkedin.com/in/ada');
  });
});
