import { ActionIcon, Group } from '@mantine/core';
import {
  type Icon,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandGoogle,
  IconBrandLinkedin,
  IconBrandTwitter,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The networks of SPEC section 9, in the order they are shown. */
export const SOCIAL_NETWORKS = ['facebook', 'github', 'linkedin', 'twitter', 'google_plus'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const ICONS: Record<SocialNetwork, Icon> = {
  facebook: IconBrandFacebook,
  github: IconBrandGithub,
  linkedin: IconBrandLinkedin,
  twitter: IconBrandTwitter,
  google_plus: IconBrandGoogle,
};

export interface SocialProfile {
  type: string;
  value: string | null | undefined;
}

/** A profile address made safe to link: http(s) only; a bare host or path gets https. */
export function profileHref(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Icons linking to the profiles present among facebook, github, linkedin, twitter and google_plus. */
export function SocialRow({ profiles }: { profiles: SocialProfile[] }) {
  const { t } = useTranslation();
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const profile = profiles.find((p) => p.type === network && p.value);
    const href = profile?.value ? profileHref(profile.value) : undefined;
    return href ? [{ network, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <Group gap={4}>
      {links.map(({ network, href }) => {
        const Glyph = ICONS[network];
        return (
          <ActionIcon
            key={network}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray.8"
            aria-label={t(`social.${network}`)}
          >
            <Glyph size={18} aria-hidden />
          </ActionIcon>
        );
      })}
    </Group>
  );
}
