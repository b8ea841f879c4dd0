import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DraftRow, rowProblem } from './draft-row';

type Change = Partial<
  Pick<DraftRow, 'selected' | 'firstName' | 'lastName' | 'emails' | 'phones' | 'linkedinUrl'>
>;

/** The drafts read from the CVs, each editable, with the candidates it may already be. */
export function DraftReview({
  rows,
  onChange,
}: {
  rows: DraftRow[];
  onChange: (id: number, change: Change) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text>{t('candidates.fromCvs.none')}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => {
        const problem = row.selected ? rowProblem(row) : null;
        const field = (key: 'firstName' | 'lastName' | 'emails' | 'phones' | 'linkedinUrl') => ({
          label: t(`candidates.fromCvs.fields.${key}`),
          value: row[key],
          onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
            onChange(row.id, { [key]: event.currentTarget.value }),
          size: 'xs' as const,
        });
        return (
          <Paper key={row.id} component="li" withBorder p="sm" aria-label={row.fileName}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Checkbox
                  checked={row.selected}
                  onChange={(event) => onChange(row.id, { selected: event.currentTarget.checked })}
                  label={t('candidates.fromCvs.select', { name: row.fileName })}
                />
                {!row.textRead && (
                  <Text size="xs" c="gray.8">
                    {t('candidates.fromCvs.unread')}
                  </Text>
                )}
              </Group>
              {row.duplicates.map((duplicate) => (
                <Text key={duplicate.candidateId} size="sm" c="orange.9" fw={500}>
                  {t('candidates.fromCvs.duplicate', { name: duplicate.name, value: duplicate.value })}
                </Text>
              ))}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <TextInput {...field('firstName')} />
                <TextInput {...field('lastName')} />
                <TextInput
                  {...field('emails')}
                  error={problem === 'badEmail' ? t('candidates.fromCvs.badEmail') : null}
                />
                <TextInput
                  {...field('phones')}
                  error={problem === 'badPhone' ? t('candidates.fromCvs.badPhone') : null}
                />
                <TextInput {...field('linkedinUrl')} />
              </SimpleGrid>
              {problem === 'needsIdentity' && (
                <Text size="sm" c="red.8">
                  {t('candidates.fromCvs.needsIdentity')}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
