import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AVATAR_PALETTE, avatarColor, initials } from './avatar-identity';
import { UserAvatar } from './user-avatar';

/** The licence's global settings as GET /api/settings answers them, with the avatar service as given. */
const settingsWith = (avatarService: 'gravatar' | 'off') =>
  jsonResponse({
    data: [{ id: 9, name: 'avatar_service', value: avatarService, type: 'string' }],
    received_at: new Date().toISOString(),
  });

describe('UserAvatar', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => settingsWith('gravatar')),
    ),
  );

  it('asks the avatar service for the md5 of the trimmed, lowercased e-mail, where the licence allows it', async () => {
    renderWithProviders(
      <UserAvatar email="  MyEmailAddress@Example.com " firstName="Ada" lastName="Lovelace" />,
    );
    const image = await screen.findByRole('img', { name: 'Ada Lovelace' });
    await vi.waitFor(() =>
      expect(image.tagName === 'IMG' ? image : image.querySelector('img')).toHaveAttribute(
        'src',
        expect.stringMatching(
          /^https:\/\/www\.gravatar\.com\/avatar\/0bc83cb571cd1c50ba6f3e8a78ef1346\?d=404/,
        ),
      ),
    );
  });

  it('asks nobody when the licence has the avatar service off: the initials at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => settingsWith('off')),
    );
    renderWithProviders(<UserAvatar email="ada@example.com" firstName="Ada" lastName="Lovelace" />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const chip = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(chip).toHaveTextContent('AL');
    expect(document.querySelector('img[src*="gravatar"]')).toBeNull();
  });

  it('shows the initials on the e-mail colour when the picture fails', async () => {
    renderWithProviders(<UserAvatar email="ada@example.com" firstName="ada" lastName="lovelace" />);
    await vi.waitFor(() => expect(document.querySelector('img[src*="gravatar"]')).not.toBeNull());
    fireEvent.error(document.querySelector('img[src*="gravatar"]') as Element);
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
