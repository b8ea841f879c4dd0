import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/hooks/use-debounced-search';
import { useCompanies } from '../../../shared/resources/companies/get-companies';
import { useJobOfferSearch } from '../../../shared/resources/job-offers/search-job-offers';
import { useTags } from '../../../shared/resources/tags/get-tags';
import { useLicenceUsers } from '../../../shared/resources/users/get-licence-users';
import { PRESETS, type Preset, presetOf, presetRange, type ReportFilters } from '../report-filters';

type Option = { value: string; label: string };

/** Options seen so far, so a chosen offer or company keeps its name when the next search no longer lists it. */
function useRemembered(found: Option[]) {
  const [seen, setSeen] = useState<Map<string, string>>(new Map());
  const missing = found.filter((option) => seen.get(option.value) !== option.label);
  if (missing.length > 0) {
    const next = new Map(seen);
    for (const option of missing) next.set(option.value, option.label);
    setSeen(next);
  }
  return (chosen: string[]): Option[] => {
    const options = new Map(found.map((o) => [o.value, o.label]));
    for (const value of chosen) if (!options.has(value)) options.set(value, seen.get(value) ?? `#${value}`);
    return [...options].map(([value, label]) => ({ value, label }));
  };
}

/** The Reports screen's filters: offers, company, user, tags and a period with its presets. */
export function ReportFiltersBar(props: {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
}) {
  const { t } = useTranslation();
  const { filters, onChange } = props;
  const set = (patch: Partial<ReportFilters>) => onChange({ ...filters, ...patch });
  const [offerSearch, setOfferSearch] = useState('');
  const [offerTerm] = useDebouncedValue(offerSearch, SEARCH_DEBOUNCE_MS.jobOfferPickers);
  const offers = useJobOfferSearch(offerTerm, true);
  const offerOptions = useRemembered(
    (offers.data ?? []).map((o) => ({ value: String(o.id), label: o.name })),
  );
  const [companySearch, setCompanySearch] = useState('');
  const [companyTerm] = useDebouncedValue(companySearch, SEARCH_DEBOUNCE_MS.companies);
  const companies = useCompanies(companyTerm, true);
  const companyOptions = useRemembered(
    (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
  );
  const users = useLicenceUsers();
  const tags = useTags(true);
  const preset = presetOf(filters.from, filters.to);

  return (
    <Group align="end" gap="sm" role="search" aria-label={t('reports.filters')}>
      <MultiSelect
        label={t('reports.offers')}
        placeholder={filters.offers.length === 0 ? t('reports.allOffers') : undefined}
        data={offerOptions(filters.offers)}
        value={filters.offers}
        onChange={(offers) => set({ offers })}
        searchable
        searchValue={offerSearch}
        onSearchChange={setOfferSearch}
        filter={({ options }) => options}
        clearable
        w={260}
      />
      <Select
        label={t('reports.company')}
        placeholder={t('reports.anyCompany')}
        data={companyOptions(filters.company ? [filters.company] : [])}
        value={filters.company || null}
        onChange={(company) => set({ company: company ?? '' })}
        searchable
        onSearchChange={setCompanySearch}
        clearable
        w={200}
      />
      <Select
        label={t('reports.user')}
        placeholder={t('reports.anyUser')}
        data={(users.data ?? []).map((u) => ({
          value: String(u.id),
          label: `${u.firstName} ${u.lastName}`.trim() || u.email,
        }))}
        value={filters.user || null}
        onChange={(user) => set({ user: user ?? '' })}
        searchable
        clearable
        w={220}
      />
      <MultiSelect
        label={t('reports.tags')}
        placeholder={filters.tags.length === 0 ? t('reports.anyTag') : undefined}
        data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
        value={filters.tags}
        onChange={(tagIds) => set({ tags: tagIds })}
        searchable
        clearable
        w={200}
      />
      <Select
        label={t('reports.period')}
        data={[
          ...PRESETS.map((p) => ({ value: p, label: t(`reports.presets.${p}`) })),
          { value: '', label: t('reports.custom') },
        ]}
        value={preset}
        onChange={(value) => {
          if (value) set(presetRange(value as Preset));
        }}
        allowDeselect={false}
        w={170}
      />
      <TextInput
        type="date"
        label={t('reports.from')}
        value={filters.from}
        max={filters.to}
        onChange={(event) => {
          const from = event.currentTarget.value;
          if (from) set({ from });
        }}
      />
      <TextInput
        type="date"
        label={t('reports.to')}
        value={filters.to}
        min={filters.from}
        onChange={(event) => {
          const to = event.currentTarget.value;
          if (to) set({ to });
        }}
      />
      <Button
        variant="subtle"
        onClick={() => onChange({ offers: [], company: '', user: '', tags: [], ...presetRange('90d') })}
      >
        {t('reports.reset')}
      </Button>
    </Group>
  );
}
