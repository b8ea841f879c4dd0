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

  it('spreads addresses over the palette', () => {
    const colours = new Set(Array.from({ length: 200 }, (_, i) => avatarColor(`user${i}@example.com`)));
    expect(colours.size).toBeGreaterThan(15);
  });

  it('takes initials from the names, else from the e-mail', () => {
    expect(initials('Grace', 'Hopper', 'g@x.org')).toBe('GH');
    expect(initials('', null, 'zoe@x.org')).toBe('Z');
  });
});
