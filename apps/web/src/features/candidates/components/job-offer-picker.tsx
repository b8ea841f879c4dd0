import { Combobox, InputBase, Stack, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/hooks/use-debounced-search';
import {
  type JobOfferOption,
  useJobOfferSearch,
} from '../../../shared/resources/job-offers/search-job-offers';

export interface JobOfferPickerProps {
  value: JobOfferOption | null;
  onChange: (offer: JobOfferOption | null) => void;
}

/**
 * The searchable job offer dropdown of 'Add to job offer' (SPEC section 2): 'Select a job offer or type to
 * search...', active offers filtered by offer or company name (the server's search), each with its company or
 * 'No company'.
 */
export function JobOfferPicker({ value, onChange }: JobOfferPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS.jobOfferPickers);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const typed = value && search === value.name ? '' : debounced;
  const offers = useJobOfferSearch(typed, combobox.dropdownOpened);
  const companyOf = (offer: JobOfferOption) => offer.company?.name ?? t('candidates.bulk.noCompany');

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const offer = offers.data?.find((item) => String(item.id) === id) ?? null;
        onChange(offer);
        setSearch(offer?.name ?? '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={t('candidates.bulk.jobOffer')}
          placeholder={t('candidates.bulk.jobOfferPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            if (value) onChange(null);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setSearch(value?.name ?? '');
          }}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {(offers.data ?? []).map((offer) => (
            <Combobox.Option value={String(offer.id)} key={offer.id} aria-label={offer.name}>
              <Stack gap={0}>
                <Text size="sm">{offer.name}</Text>
                <Text size="xs" c="gray.8">
                  {companyOf(offer)}
                </Text>
              </Stack>
            </Combobox.Option>
          ))}
          {offers.isSuccess && offers.data.length === 0 && (
            <Combobox.Empty>{t('candidates.bulk.noJobOffer')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
