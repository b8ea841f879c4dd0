import { CloseButton, Combobox, InputBase, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/hooks/use-debounced-search';
import type { Company } from '../../../../shared/resources/companies/company';
import { useCreateCompany } from '../../../../shared/resources/companies/create-company';
import { useCompanies } from '../../../../shared/resources/companies/get-companies';
import { useCanCreate } from '../../../../shared/resources/settings/creation-rule';
import { canCreateCompany } from './company-rules';

const CREATE = '$create';

export interface CompanySelectorProps {
  value: Company | null;
  onChange: (company: Company | null) => void;
}

/**
 * The company selector (SPEC section 2): type to search (150 ms debounce), pick a company, or create one with
 * 'Create and set company: {text}' when the search is longer than 1 character and no name matches exactly, and
 * the licence's `company_creation` rule lets this user create companies.
 */
export function CompanySelector({ value, onChange }: CompanySelectorProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS.companies);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch(value?.name ?? '');
    },
  });
  const companies = useCompanies(debounced, combobox.dropdownOpened);
  const create = useCreateCompany();
  const mayCreate = useCanCreate('company');

  useEffect(() => setSearch(value?.name ?? ''), [value]);

  const found = companies.data ?? [];
  // Only results of the text shown may decide that no company has exactly this name.
  const settled = debounced === search && companies.isSuccess && !companies.isPlaceholderData;
  const offerCreation = settled && mayCreate && canCreateCompany(search, found);

  const choose = async (optionValue: string) => {
    combobox.closeDropdown();
    if (optionValue === CREATE) {
      try {
        onChange(await create.mutateAsync(search.trim()));
      } catch {
        // toasted by the call (SPEC section 8)
      }
      return;
    }
    const company = found.find((item) => String(item.id) === optionValue);
    if (company) onChange(company);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(option) => void choose(option)}>
      <Combobox.Target>
        <InputBase
          label={t('jobOffers.form.company')}
          placeholder={t('jobOffers.form.companyPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onClick={() => combobox.openDropdown()}
          onKeyDown={(event) => {
            // Enter in the open list picks an option; it never submits the whole form.
            if (event.key === 'Enter' && combobox.dropdownOpened) event.preventDefault();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            value ? (
              <CloseButton
                size="sm"
                aria-label={t('jobOffers.form.clearCompany')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChange(null)}
              />
            ) : undefined
          }
          disabled={create.isPending}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {found.map((company) => (
            <Combobox.Option value={String(company.id)} key={company.id} active={company.id === value?.id}>
              {company.name}
            </Combobox.Option>
          ))}
          {offerCreation && (
            <Combobox.Option value={CREATE}>
              {t('jobOffers.form.createCompany', { text: search.trim() })}
            </Combobox.Option>
          )}
          {settled && found.length === 0 && !offerCreation && (
            <Combobox.Empty>{t('jobOffers.form.noCompanyFound')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
