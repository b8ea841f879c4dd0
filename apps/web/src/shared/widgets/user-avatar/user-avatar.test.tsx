import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AVATAR_PALETTE, avatarColor, initials } from './avatar-identity';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('asks the avatar service for the md5 of the trimmed, lowercased e-mail', () => {
    renderWithProviders(
      <UserAvatar email="  MyEmailAddress@Example.com " firstName="Ada" lastName="Lovelace" />,
    );
    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image).toHaveAttribute(
      'src',
      expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\/0bc83cb571cd1c50ba6f3e8a78ef1346\?d=404/),
    );
  });

  it('shows the initials on the e-mail colour when the picture fails', () => {
    renderWithProviders(<UserAvatar email="ada@example.com" firstName="ada" lastName="lovelace" />);
    fireEvent.error(screen.getByRole('img', { name: 'ada lovelace' }));
    const fallback = screen.getByRole('img', { name: 'ada lovelace' });
    expect(fallback).toHaveTextContent('AL');
    const placeholder = fallback.querySelector('.mantine-Avatar-placeholder');
    expect(placeholder).toHaveStyle({ color: 'rgb(255, 255, 255)' });
    expect(fallback.querySelector('img')).toBeNull();
  });

  it('names itself by the e-mail when there is no name, and shows it in a tooltip', async () => {
    const { user } = renderWithProviders(<UserAvatar email="nobody@example.com" />);
    await user.hover(screen.getByRole('img', { name: 'nobody@example.com' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('nobody@example.com');
  });
});

describe('avatar identity', () => {
  it('has 25 colours and always gives the same one to the same address, whatever its case', () => {
    expect(AVATAR_PALETTE).toHaveLength(25);
    expect(new Set(AVATAR_PALETTE).size).toBe(25);
    expect(avatarColor('Ada@Example.com')).toBe(avatarColor(' ada@example.com'));
    expect(AVATAR_PALETTE).toContain(avatarColor('grace@example.com'));
  });

  it('keeps white initials readable on every colour (WCAG AA, 4.5:1)', () => {
    const luminance = (hex: string) => {
      const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const colour of AVATAR_PALETTE)
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('spreads addresses over the palette', () => {
    const colours = new Set(Array.from({ length: 200 }, (_, i) => avatarColor(`user${i}@example.com`)));
    expect(colours.size).toBeGreaterThan(15);
  });

  it('takes initials from the names, else from the e-mail', () => {
    expect(initials('Grace', 'Hopper', 'g@x.org')).toBe('GH');
    expect(initials('', null, 'zoe@x.org')).toBe('Z');
  });
});
