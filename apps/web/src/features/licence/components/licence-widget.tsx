import { Group, RingProgress, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { creditsLeft, creditsLeftPercent, planLabel } from '../../../shared/resources/licence/credits';
import { useLicence } from '../../../shared/resources/licence/get-licence';

/**
 * The licence widget of the side menu: a filling ring, the credits left and the plan (SPEC section 2), and the
 * overdraft when careers applications went past the credits (issue 23).
 */
export function LicenceWidget() {
  const { t } = useTranslation();
  const { licence, isLoading } = useLicence();

  if (!licence) {
    return isLoading ? <Skeleton height={72} radius="md" aria-label={t('common.loading')} /> : null;
  }
  // Careers applications may spend past the credits (decision 189): the widget shows none left, never a
  // negative count, and says how far over the licence went.
  const percent = Math.max(0, creditsLeftPercent(licence));
  const left = Math.max(0, creditsLeft(licence));
  const overdraft = Math.max(0, -creditsLeft(licence));
  const color = percent > 50 ? 'teal.8' : percent > 20 ? 'orange.8' : 'red.8';

  return (
    <section aria-label={t('licence.widget')}>
      <Group gap="sm" wrap="nowrap">
        <RingProgress
          size={72}
          thickness={7}
          roundCaps
          sections={[{ value: Math.min(100, Math.max(0, percent)), color }]}
          label={
            <Text size="xs" ta="center" fw={700}>
              {percent}%
            </Text>
          }
          aria-label={t('licence.percentLeft', { percent })}
          role="img"
        />
        <Stack gap={2}>
          <Text size="sm" fw={600} data-testid="credits-left">
            {t('licence.creditsLeftCount', { count: left })}
          </Text>
          {overdraft > 0 && (
            <Text size="xs" c="red.8" fw={600} data-testid="credits-overdraft">
              {t('licence.overdraft', { count: overdraft })}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {t('licence.licenceType')} <span>{planLabel(licence, t)}</span>
          </Text>
        </Stack>
      </Group>
    </section>
  );
}
