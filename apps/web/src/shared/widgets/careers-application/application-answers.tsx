import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CandidateJobApplication } from '../../resources/candidates/candidate';
import { registerApplicationTexts } from './i18n';

registerApplicationTexts();

/**
 * The answers an applicant gave to the offer's questions on the careers site (issue 23), each under its label
 * as it was asked; yes / no in the interface's language, long answers with their line breaks.
 */
export function ApplicationAnswers({ answers }: { answers: CandidateJobApplication['answers'] }) {
  const { t } = useTranslation();
  if (answers.length === 0) return null;
  return (
    <Stack gap={6}>
      <Title order={3} size="h6">
        {t('applications.answers')}
      </Title>
      <Stack component="dl" gap={6} m={0}>
        {answers.map((item) => (
          <div key={item.questionId}>
            <Text component="dt" size="sm" fw={600}>
              {item.label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {typeof item.answer === 'boolean'
                ? t(item.answer ? 'applications.yes' : 'applications.no')
                : item.answer}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
