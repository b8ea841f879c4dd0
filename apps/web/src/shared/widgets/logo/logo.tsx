import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Vivier's logo: a fish in a pond ("vivier" is French for a fish pond). */
export function Logo({ size = 32, withName = false }: { size?: number; withName?: boolean }) {
  const { t } = useTranslation();
  const mark = (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={t('nav.logo')}>
      <circle cx="32" cy="32" r="30" fill="#364fc7" />
      <path d="M14 32c6-9 18-12 28-4l8-6v20l-8-6c-10 8-22 5-28-4z" fill="#fff" />
      <circle cx="22" cy="31" r="2.5" fill="#364fc7" />
    </svg>
  );
  if (!withName) return mark;
  return (
    <Group gap="xs" wrap="nowrap">
      {mark}
      <Text fw={700} size="xl" c="indigo.8" aria-hidden>
        {t('nav.logo')}
      </Text>
    </Group>
  );
}
