import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { JobOfferQuestionDraft } from '../../../../shared/resources/job-offers/job-offer-questions';

const KINDS = ['short_text', 'long_text', 'yes_no', 'single_choice'] as const;
export const QUESTIONS_MAX = 20;

/** A question being edited: `key` tells React which row is which while they move. */
export type QuestionRow = JobOfferQuestionDraft & { key: string };

export interface QuestionsEditorProps {
  rows: QuestionRow[];
  onChange: (rows: QuestionRow[]) => void;
  newKey: () => string;
}

/** Whether every question can be saved: a label, and 2 to 20 choices for a single-choice one. */
export const questionsValid = (rows: QuestionRow[]) =>
  rows.every(
    (q) =>
      q.label.trim() !== '' &&
      (q.kind !== 'single_choice' || ((q.choices?.length ?? 0) >= 2 && (q.choices?.length ?? 0) <= 20)),
  );

/** The offer's own questions on the apply form (issue 23): add, reorder, kind, choices, required. */
export function QuestionsEditor({ rows, onChange, newKey }: QuestionsEditorProps) {
  const { t } = useTranslation();
  const change = (key: string, patch: Partial<QuestionRow>) =>
    onChange(rows.map((q) => (q.key === key ? { ...q, ...patch } : q)));
  const move = (index: number, by: number) => {
    const moved = [...rows];
    const [row] = moved.splice(index, 1);
    if (row) moved.splice(index + by, 0, row);
    onChange(moved);
  };
  return (
    <Stack gap="xs">
      {rows.length === 0 && (
        <Text size="sm" c="gray.8">
          {t('jobOffers.questions.none')}
        </Text>
      )}
      {rows.map((q, index) => {
        const n = index + 1;
        const choices = q.choices?.length ?? 0;
        return (
          <Paper
            key={q.key}
            withBorder
            p="xs"
            component="fieldset"
            aria-label={t('jobOffers.questions.nth', { n })}
          >
            <Stack gap={6}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  flex={1}
                  label={t('jobOffers.questions.label', { n })}
                  value={q.label}
                  maxLength={200}
                  onChange={(event) => change(q.key, { label: event.currentTarget.value })}
                />
                <Select
                  w={170}
                  label={t('jobOffers.questions.kind', { n })}
                  data={KINDS.map((value) => ({ value, label: t(`jobOffers.questions.kinds.${value}`) }))}
                  value={q.kind}
                  allowDeselect={false}
                  onChange={(value) => value && change(q.key, { kind: value as QuestionRow['kind'] })}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  aria-label={t('jobOffers.questions.up', { n })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  aria-label={t('jobOffers.questions.down', { n })}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={t('jobOffers.questions.remove', { n })}
                  onClick={() => onChange(rows.filter((r) => r.key !== q.key))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              {q.kind === 'single_choice' && (
                <TagsInput
                  label={t('jobOffers.questions.choices', { n })}
                  description={t('jobOffers.questions.choicesHint')}
                  value={q.choices ?? []}
                  maxTags={20}
                  error={choices < 2 ? t('jobOffers.questions.choicesCount') : undefined}
                  onChange={(value) => change(q.key, { choices: value })}
                />
              )}
              <Checkbox
                label={t('jobOffers.questions.required')}
                checked={q.required ?? false}
                onChange={(event) => change(q.key, { required: event.currentTarget.checked })}
              />
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="default"
          size="compact-sm"
          disabled={rows.length >= QUESTIONS_MAX}
          onClick={() =>
            onChange([...rows, { key: newKey(), kind: 'short_text', label: '', required: false }])
          }
        >
          {t('jobOffers.questions.add')}
        </Button>
      </Group>
    </Stack>
  );
}
