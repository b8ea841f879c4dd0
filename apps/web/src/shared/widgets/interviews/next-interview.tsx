import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browserZone, formatWhen } from './format-when';
import { registerInterviewTexts } from './i18n';

registerInterviewTexts();

/** The board card's line for the next interview to come (issue 27), in the viewer's zone; nothing when none. */
export function NextInterview({ at }: { at: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!at) return null;
  return (
    <Text size="xs" c="blue.8" truncate>
      {t('interviews.nextOnCard', { when: formatWhen(at, browserZone(), i18n.language) })}
    </Text>
  );
}
