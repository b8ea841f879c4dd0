import { Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { ContractType, Workplace } from '@vivier/contract';
import { useTranslation } from 'react-i18next';
import { LazyRichTextEditor } from '../../../../shared/widgets/rich-text-editor/lazy-rich-text-editor';
import { type PostingDraft, postingProblems } from './posting-draft';

const WORKPLACES = ['on_site', 'hybrid', 'remote'] as const satisfies readonly Workplace[];
const CONTRACTS = [
  'permanent',
  'fixed_term',
  'temporary',
  'internship',
  'apprenticeship',
  'freelance',
] as const satisfies readonly ContractType[];

export interface PostingFieldsProps {
  draft: PostingDraft;
  onChange: (change: Partial<PostingDraft>) => void;
}

/** What the offer says in public (issue 23): description, place, workplace, contract and salary. */
export function PostingFields({ draft, onChange }: PostingFieldsProps) {
  const { t } = useTranslation();
  const problems = postingProblems(draft);
  const problem = (key: string | undefined) => (key ? t(`jobOffers.posting.${key}`) : undefined);
  return (
    <Stack gap="sm">
      <LazyRichTextEditor
        label={t('jobOffers.posting.description')}
        value={draft.description}
        onChange={(description) => onChange({ description })}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('jobOffers.posting.city')}
          value={draft.city}
          maxLength={100}
          onChange={(event) => onChange({ city: event.currentTarget.value })}
        />
        <TextInput
          label={t('jobOffers.posting.country')}
          description={t('jobOffers.posting.countryHint')}
          value={draft.country}
          maxLength={2}
          error={problem(problems.country)}
          onChange={(event) => onChange({ country: event.currentTarget.value.toUpperCase() })}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('jobOffers.posting.workplace')}
          data={WORKPLACES.map((value) => ({ value, label: t(`jobOffers.posting.workplaces.${value}`) }))}
          value={draft.workplace}
          allowDeselect={false}
          onChange={(value) => value && onChange({ workplace: value as Workplace })}
        />
        <Select
          label={t('jobOffers.posting.contract')}
          placeholder={t('jobOffers.posting.noContract')}
          data={CONTRACTS.map((value) => ({ value, label: t(`jobOffers.posting.contracts.${value}`) }))}
          value={draft.contractType}
          clearable
          onChange={(value) => onChange({ contractType: (value as ContractType | null) ?? null })}
        />
      </Group>
      <Group grow align="flex-start">
        <NumberInput
          label={t('jobOffers.posting.salaryMin')}
          value={draft.salaryMin}
          min={0}
          allowDecimal={false}
          thousandSeparator=" "
          error={problem(problems.salaryMin)}
          onChange={(value) => onChange({ salaryMin: typeof value === 'number' ? value : '' })}
        />
        <NumberInput
          label={t('jobOffers.posting.salaryMax')}
          value={draft.salaryMax}
          min={0}
          allowDecimal={false}
          thousandSeparator=" "
          onChange={(value) => onChange({ salaryMax: typeof value === 'number' ? value : '' })}
        />
        <TextInput
          label={t('jobOffers.posting.currency')}
          description={t('jobOffers.posting.currencyHint')}
          value={draft.salaryCurrency}
          maxLength={3}
          error={problem(problems.salaryCurrency)}
          onChange={(event) => onChange({ salaryCurrency: event.currentTarget.value.toUpperCase() })}
        />
      </Group>
    </Stack>
  );
}
