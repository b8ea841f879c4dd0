import { Avatar, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSettings } from '../../resources/settings/get-settings';
import { avatarColor, avatarUrl, initials } from './avatar-identity';

/**
 * Whether the licence lets the chip ask the public avatar service (issue 24: off for new licences). Until the
 * settings are known the answer is no: nothing leaves for a third party unasked.
 */
function useAvatarService() {
  const { data } = useSettings();
  return data?.data.find((setting) => setting.name === 'avatar_service')?.value === 'gravatar';
}

export interface UserAvatarProps {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  size?: number;
}

/**
 * The user avatar chip (SPEC section 2): the avatar service's picture where the licence allows it, or the
 * initials on a colour derived from the e-mail when it fails or is not asked; the tooltip shows the full name,
 * else the e-mail.
 */
export function UserAvatar({ email, firstName, lastName, size = 36 }: UserAvatarProps) {
  const asks = useAvatarService();
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address deserves a new try.
  useEffect(() => setFailed(false), [email]);
  const fullName = [firstName, lastName].filter(Boolean).join(' ').trim();
  const name = fullName || email;
  return (
    <Tooltip label={name} withArrow>
      {failed || !asks ? (
        <Avatar
          size={size}
          radius="xl"
          aria-label={name}
          role="img"
          // White initials on a palette colour dark enough for WCAG AA (checked in the tests).
          styles={{ placeholder: { backgroundColor: avatarColor(email), color: '#fff' } }}
        >
          {initials(firstName, lastName, email)}
        </Avatar>
      ) : (
        <Avatar
          size={size}
          radius="xl"
          src={avatarUrl(email, size * 2)}
          alt={name}
          imageProps={{ onError: () => setFailed(true) }}
        />
      )}
    </Tooltip>
  );
}
