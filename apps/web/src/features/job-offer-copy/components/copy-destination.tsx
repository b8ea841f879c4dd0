import { Fieldset, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../../shared/resources/companies/get-companies';
import { useCopyTargets } from '../../../shared/resources/job-offers/search-job-offers';
import { ServerSearchSelect } from './server-search-select';

/** What the user chose so far (SPEC section 4, Copy screen control): nothing, an existing offer, or a new one. */
export type DestinationChoice =
  | { kind: 'none' }
  | { kind: 'select'; id: number }
  | { kind: 'create'; name: string; companyId: number | null };

export interface CopyDestinationProps {
  sourceId: number;
  /** The offer picked in the list, if any. */
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  draft: { name: string; companyId: number | null };
  onDraft: (draft: { name: string; companyId: number | null }) => void;
}

/** The choice is whichever side is filled; SPEC section 4: "choosing one disables the other". */
export function destinationChoice(
  selectedId: number | null,
  draft: { name: string; companyId: number | null },
): DestinationChoice {
  if (selectedId !== null) return { kind: 'select', id: selectedId };
  if (draft.name.trim()) return { kind: 'create', name: draft.name.trim(), companyId: draft.companyId };
  return { kind: 'none' };
}

/**
 * Where the candidates go (SPEC section 2): an existing job offer picked from a searchable list, OR a new one
 * with its name and company. The two sides are exclusive: filling one disables the other.
 */
export function CopyDestination({ sourceId, selectedId, onSelect, draft, onDraft }: CopyDestinationProps) {
  const { t } = useTranslation();
  const choice = destinationChoice(selectedId, draft);
  const useOfferOptions = (search: string) =>
    (useCopyTargets(search).data ?? [])
      .filter((offer) => offer.id !== sourceId)
      .map((offer) => ({
        value: String(offer.id),
        label: `${offer.name} (${offer.company?.name ?? t('jobOfferCopy.noCompany')})`,
      }));
  const useCompanyOptions = (search: string) =>
    (useCompanies(search, choice.kind !== 'select').data ?? []).map((company) => ({
      value: String(company.id),
      label: company.name,
    }));

  return (
    <Group align="flex-start" wrap="wrap" gap="lg">
      <ServerSearchSelect
        label={t('jobOfferCopy.existing')}
        placeholder={t('jobOfferCopy.existingPlaceholder')}
        nothingFoundMessage={t('jobOfferCopy.noOfferFound')}
        disabled={choice.kind === 'create'}
        useOptions={useOfferOptions}
        value={selectedId}
        onChange={onSelect}
        miw={280}
        style={{ flex: 1 }}
      />
      <Text fw={700} size="sm" pt={30}>
        {t('jobOfferCopy.or')}
      </Text>
      <Fieldset
        legend={t('jobOfferCopy.create')}
        miw={280}
        style={{ flex: 1 }}
        disabled={choice.kind === 'select'}
      >
        <TextInput
          label={t('jobOfferCopy.name')}
          value={draft.name}
          mb="xs"
          onChange={(event) => onDraft({ ...draft, name: event.currentTarget.value })}
        />
        <ServerSearchSelect
          label={t('jobOfferCopy.company')}
          placeholder={t('jobOfferCopy.companyPlaceholder')}
          useOptions={useCompanyOptions}
          value={draft.companyId}
          onChange={(companyId) => onDraft({ ...draft, companyId })}
        />
      </Fieldset>
    </Group>
  );
}
