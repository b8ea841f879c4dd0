import { Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  CONFIRMATION_BODY_MAX,
  CONFIRMATION_PLACEHOLDERS,
  CONFIRMATION_SUBJECT_MAX,
  DEFAULT_CONFIRMATION,
} from '@vivier/contract/careers-apply-texts';
import { useTranslation } from 'react-i18next';

export type ConfirmationLanguage = keyof typeof DEFAULT_CONFIRMATION;
export type ConfirmationFields = Record<ConfirmationLanguage, { subject: string; body: string }>;

const LANGUAGES: ConfirmationLanguage[] = ['en', 'fr'];

/**
 * The mail an applicant receives, per language (issue 23): empty fields send the built-in text, shown as
 * their placeholder, and the hint names the `{placeholders}` the server replaces.
 */
export function CareersConfirmationFields({
  value,
  onChange,
}: {
  value: ConfirmationFields;
  onChange: (value: ConfirmationFields) => void;
}) {
  const { t } = useTranslation();
  const set = (language: ConfirmationLanguage, change: Partial<ConfirmationFields[ConfirmationLanguage]>) =>
    onChange({ ...value, [language]: { ...value[language], ...change } });
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {t('settings.careers.confirmation')}
      </Title>
      <Text size="xs" c="gray.8">
        {t('settings.careers.confirmationHint', {
          placeholders: CONFIRMATION_PLACEHOLDERS.map((name) => `{${name}}`).join(', '),
        })}
      </Text>
      {LANGUAGES.map((language) => {
        const languageName = t(`settings.careers.${language}`);
        return (
          <Stack key={language} gap={6}>
            <TextInput
              label={t('settings.careers.subject', { language: languageName })}
              placeholder={DEFAULT_CONFIRMATION[language].subject}
              value={value[language].subject}
              maxLength={CONFIRMATION_SUBJECT_MAX}
              onChange={(event) => set(language, { subject: event.currentTarget.value })}
            />
            <Textarea
              label={t('settings.careers.body', { language: languageName })}
              placeholder={DEFAULT_CONFIRMATION[language].body}
              value={value[language].body}
              maxLength={CONFIRMATION_BODY_MAX}
              rows={7}
              onChange={(event) => set(language, { body: event.currentTarget.value })}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
