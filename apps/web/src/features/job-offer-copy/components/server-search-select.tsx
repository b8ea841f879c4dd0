import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/hooks/use-debounced-search';

export interface ServerSearchSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> {
  /** The options the server answers for a search text (debounced). */
  useOptions: (search: string) => ComboboxItem[];
  value: number | null;
  onChange: (id: number | null) => void;
}

/**
 * A searchable Select whose options come from the server, which already matched the text: no second filter on
 * the labels. The chosen option stays listed (its label fills the box, and is not sent as a search).
 */
export function ServerSearchSelect({ useOptions, value, onChange, ...props }: ServerSearchSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const current = value === null ? null : chosen;
  const [debounced] = useDebouncedValue(
    search === current?.label ? '' : search,
    SEARCH_DEBOUNCE_MS.jobOfferPickers,
  );
  const found = useOptions(debounced);
  const data = current && !found.some((o) => o.value === current.value) ? [current, ...found] : found;
  return (
    <Select
      searchable
      clearable
      {...props}
      data={data}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      onChange={(next, option) => {
        setChosen(next === null ? null : option);
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
